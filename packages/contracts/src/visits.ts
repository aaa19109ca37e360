import { z } from 'zod';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, recordId, queryId } from './common/validation.js';
import { calendarDate, dateRangeFields, endNotBeforeStart } from './common/dates.js';
import { medicationStatusSchema } from './catalog.js';
import { distanceMeters, latitude, longitude, nearbyRadiusM, type LatLng } from './maps.js';
import { reservation } from './reservations.js';
import { maxLineQuantity } from './pricing.js';
import { suggestedOrderLine } from './suggested-order.js';

/** Visit statuses (spec §4); 'unknown' is the fallback for a value the client does not know. */
export const visitStatuses = ['planned', 'in_progress', 'completed', 'cancelled', 'overdue', 'unknown'] as const;
export type VisitStatus = (typeof visitStatuses)[number];
export const visitStatusSchema = z.enum(visitStatuses);
/** Any value outside the list reads as 'unknown'. */
export const toVisitStatus = (value: string): VisitStatus => ((visitStatuses as readonly string[]).includes(value) ? (value as VisitStatus) : 'unknown');

/**
 * Who changes a visit's status: the visit's own representative, a manager
 * whose scope holds the representative (chief, boss, admin), or the system
 * (the overdue job).
 */
export const visitActors = ['rep', 'manager', 'system'] as const;
export type VisitActor = (typeof visitActors)[number];

/**
 * THE state machine of a visit. The spec shows no transitions (§4); these are
 * the product's: a planned visit is started by its rep, cancelled by the rep
 * or a manager, and turns overdue when its end passes unstarted; an overdue
 * visit may still be started late or cancelled; a started visit is completed
 * by its rep (with geolocation) or cancelled. completed, cancelled and unknown
 * are final.
 */
export const visitTransitions: Record<VisitStatus, Partial<Record<VisitStatus, readonly VisitActor[]>>> = {
  planned: { in_progress: ['rep'], cancelled: ['rep', 'manager'], overdue: ['system'] },
  overdue: { in_progress: ['rep'], cancelled: ['rep', 'manager'] },
  in_progress: { completed: ['rep'], cancelled: ['rep', 'manager'] },
  completed: {},
  cancelled: {},
  unknown: {},
};

/** The part a user plays on a visit: its rep on their own visit, a manager on anyone else's (the one rule). */
export const visitActorOf = (visit: { representativeId: number }, userId: number | null | undefined): VisitActor =>
  visit.representativeId === userId ? 'rep' : 'manager';

export function canTransition(from: VisitStatus, to: VisitStatus, actor: VisitActor): boolean {
  return visitTransitions[from][to]?.includes(actor) ?? false;
}

/** A visit's plan (dates, doctors, comment) can be edited only before it starts. */
export const editableVisitStatuses: readonly VisitStatus[] = ['planned', 'overdue'];
/** Results (doctors met, drugs, remainders) are recorded while the visit is in progress. */
export const resultVisitStatuses: readonly VisitStatus[] = ['in_progress'];

/** Doctor's attitude to a drug (spec §4). */
export const drugAttitudes = ['familiarPrescribes', 'familiarNotPrescribes', 'notFamiliarNotPrescribes', 'none'] as const;
export type DrugAttitude = (typeof drugAttitudes)[number];

// ---------------------------------------------------------------- proof of a visit

/** Limits of the visit-proof score. */
export const visitProofLimits = {
  /** the nearby radius of spec §9 */
  maxDistanceM: nearbyRadiusM,
  minMinutes: 5,
  maxAccuracyM: 100,
  maxClockGapSeconds: 300,
  /** a score below this makes the visit questionable */
  questionableBelow: 60,
} as const;

export const visitProofReasons = ['farFromOrganization', 'organizationNotLocated', 'tooShort', 'lowAccuracy', 'clockMismatch'] as const;
export type VisitProofReason = (typeof visitProofReasons)[number];
const penalty: Record<VisitProofReason, number> = {
  farFromOrganization: 50,
  organizationNotLocated: 20,
  tooShort: 20,
  lowAccuracy: 15,
  clockMismatch: 15,
};

export interface VisitProofInput {
  /** the organization's point, null when it has none */
  organization: LatLng | null;
  /** positions at start and at completion */
  start: LatLng & { accuracy: number };
  end: LatLng & { accuracy: number };
  startedAt: Date;
  completedAt: Date;
  /** the largest gap between the device's clock and the server's, seconds */
  clockGapSeconds: number;
}
export interface VisitProof {
  score: number;
  reasons: VisitProofReason[];
  /** the larger of the two distances to the organization, metres (null when not located) */
  distanceM: number | null;
  questionable: boolean;
}

/** How believable a visit is: 100 minus a penalty per doubt, never below 0. */
export function visitProof(input: VisitProofInput): VisitProof {
  const reasons: VisitProofReason[] = [];
  let distanceM: number | null = null;
  if (!input.organization) reasons.push('organizationNotLocated');
  else {
    distanceM = Math.round(Math.max(distanceMeters(input.start, input.organization), distanceMeters(input.end, input.organization)));
    if (distanceM > visitProofLimits.maxDistanceM) reasons.push('farFromOrganization');
  }
  if (input.completedAt.getTime() - input.startedAt.getTime() < visitProofLimits.minMinutes * 60_000) reasons.push('tooShort');
  if (Math.max(input.start.accuracy, input.end.accuracy) > visitProofLimits.maxAccuracyM) reasons.push('lowAccuracy');
  if (Math.abs(input.clockGapSeconds) > visitProofLimits.maxClockGapSeconds) reasons.push('clockMismatch');
  const score = Math.max(0, 100 - reasons.reduce((sum, r) => sum + penalty[r], 0));
  return { score, reasons, distanceM, questionable: isQuestionableScore(score) };
}

/** Whether a visit-proof score makes the visit questionable (a manager reviews it): the one threshold test. */
export const isQuestionableScore = (score: number | null): boolean => score !== null && score < visitProofLimits.questionableBelow;

// ---------------------------------------------------------------- bodies

const instant = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalidDate') });

/** Plan a visit (spec §5): organization, representative, start and end required; end not before start. */
export const planVisitBody = z
  .object({
    organizationId: recordId(),
    representativeId: recordId(),
    doctorIds: z.array(recordId()).max(50).default([]),
    plannedStart: instant,
    plannedEnd: instant,
    comment: optionalText(1000),
  })
  .refine((v) => new Date(v.plannedEnd).getTime() >= new Date(v.plannedStart).getTime(), { path: ['plannedEnd'], error: 'endBeforeStart' });
export type PlanVisitBody = z.infer<typeof planVisitBody>;

/** The device's position when starting or completing; optional in the schema so its absence answers GEOLOCATION_REQUIRED. */
export const geoPosition = z.object({
  lat: latitude,
  lng: longitude,
  /** metres */
  accuracy: z.number().min(0).max(100_000),
  /** the device's clock when the position was taken */
  deviceTime: instant,
});
export type GeoPosition = z.infer<typeof geoPosition>;
export const visitPositionBody = z.object({ position: geoPosition.optional() });
export const cancelVisitBody = z.object({ reason: optionalText(500) });

export const addVisitDoctorBody = z.object({ doctorId: recordId() });
export const drugResultsBody = z.object({
  items: z
    .array(
      z.object({
        doctorId: recordId(),
        productId: recordId(),
        attitude: z.enum(drugAttitudes),
        medicationStatus: medicationStatusSchema,
      }),
    )
    .max(200),
});
export const remaindersBody = z.object({
  items: z.array(z.object({ productId: recordId(), quantity: z.number().int().min(0).max(1_000_000) })).max(500),
});

// ---------------------------------------------------------------- review of questionable visits

/** A questionable visit waits for a manager (pending), who accepts or rejects it. */
export const visitReviewStates = ['pending', 'accepted', 'rejected'] as const;
export type VisitReviewState = (typeof visitReviewStates)[number];
export const reviewVisitBody = z.object({ decision: z.enum(['accepted', 'rejected']), comment: optionalText(500) });
export type ReviewVisitBody = z.infer<typeof reviewVisitBody>;
/** GET /api/visits/questionable: the manager's queue (never the manager's own visits). */
export const questionableVisitsQuery = pageQuery
  .extend({
    ...dateRangeFields,
    review: z.enum(visitReviewStates).default('pending'),
    representativeId: queryId().optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });

// ---------------------------------------------------------------- reminders

/** Minutes before a planned visit's start when its rep is reminded (spec: "15 minutes"); the server's VISIT_REMINDER_MINUTES. */
export const defaultVisitReminderMinutes = 15;

// ---------------------------------------------------------------- rating (5 stars, spec §9)

export const ratingCriteria = ['efficiency', 'operatorPoliteness', 'deliverySpeed', 'responseTime'] as const;
export type RatingCriterion = (typeof ratingCriteria)[number];
export const ratingStars = 5;
const stars = z.number().int().min(1, { error: 'required' }).max(ratingStars);
/** The organization's rating of our service, recorded by the rep on a completed visit. */
export const visitRatingBody = z.object({
  efficiency: stars,
  operatorPoliteness: stars,
  deliverySpeed: stars,
  responseTime: stars,
  comment: optionalText(1000),
});
export type VisitRatingBody = z.infer<typeof visitRatingBody>;
export const visitRating = visitRatingBody.extend({ comment: z.string().nullable(), ratedAt: z.string(), ratedByName: z.string() });

// ---------------------------------------------------------------- reservation, pre-order and suggested order during a visit

/** Hours a visit's reservation holds unless an order confirms it; the server's VISIT_HOLD_HOURS. */
export const defaultVisitHoldHours = 24;
/** POST /api/visits/:id/reservations (FEFO via the reservation service) and /api/visits/:id/pre-orders (no stock needed). */
export const visitOrderLineBody = z.object({
  productId: recordId(),
  quantity: z.number().int().min(1).max(maxLineQuantity),
});
export type VisitOrderLineBody = z.infer<typeof visitOrderLineBody>;

/**
 * A reservation of the visit as the rep sees it: its producer, its price if ordered now (tiyin, priced
 * as the order from the visit is: the batch's base price, the client's markup, VAT), and — when the
 * client's minimum shelf life left out nearer batches kept in another warehouse — that warehouse.
 */
export const visitReservation = reservation.extend({
  producerName: z.string(),
  salePrice: z.number().int(),
  sumSale: z.number().int(),
  shelfLife: z.object({ minShelfLifeMonths: z.number().int(), nearerWarehouseName: z.string() }).nullable(),
});
export type VisitReservation = z.infer<typeof visitReservation>;
/** GET /api/visits/:id/order: what the rep reserved and pre-ordered on this visit, and the suggested order. */
export const visitOrder = z.object({
  holdHours: z.number().int(),
  reservations: z.array(visitReservation),
  /** the reservations' sale sum (tiyin): what the order from the visit would come to */
  sumSale: z.number().int(),
  preOrders: z.array(z.object({ productId: z.number().int(), productName: z.string(), producerName: z.string(), quantity: z.number().int() })),
  /** the previous visit of the same organization with remainders, null when this is the first */
  previousVisit: z.object({ id: z.number().int(), completedAt: z.string().nullable(), plannedStart: z.string() }).nullable(),
  suggested: z.array(suggestedOrderLine),
});
export type VisitOrder = z.infer<typeof visitOrder>;

// ---------------------------------------------------------------- queries

export const listVisitsQuery = pageQuery
  .extend({
    ...dateRangeFields,
    representativeId: queryId().optional(),
    organizationId: queryId().optional(),
    status: visitStatusSchema.optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export const visitCalendarQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalidDate' }),
  representativeId: queryId().optional(),
});
export const visitDayParam = z.object({ date: calendarDate });

// ---------------------------------------------------------------- answers

const position = z.object({ lat: z.number(), lng: z.number(), accuracy: z.number() }).nullable();
export const visitSummary = z.object({
  id: z.number().int(),
  status: visitStatusSchema,
  organizationId: z.number().int(),
  organizationName: z.string(),
  representativeId: z.number().int(),
  representativeName: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  comment: z.string().nullable(),
  proofScore: z.number().int().nullable(),
  proofReasons: z.array(z.enum(visitProofReasons)),
  /** null unless the proof score made the visit questionable */
  review: z.enum(visitReviewStates).nullable(),
  reviewComment: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type VisitSummary = z.infer<typeof visitSummary>;
export const visit = visitSummary.extend({
  startPosition: position,
  endPosition: position,
  distanceM: z.number().nullable(),
  cancelReason: z.string().nullable(),
  doctors: z.array(z.object({ doctorId: z.number().int(), fullName: z.string() })),
  drugResults: z.array(
    z.object({
      doctorId: z.number().int(),
      productId: z.number().int(),
      productName: z.string(),
      producerName: z.string(),
      attitude: z.enum(drugAttitudes),
      medicationStatus: medicationStatusSchema,
    }),
  ),
  remainders: z.array(z.object({ productId: z.number().int(), productName: z.string(), producerName: z.string(), quantity: z.number().int() })),
  rating: visitRating.nullable(),
});
export type Visit = z.infer<typeof visit>;
/**
 * GET /api/visits/current?organizationId=: the signed-in rep's visit at that organization for the visit
 * screen (/point-visit/:id/:type_id, id = organization): the one in progress, else today's planned or
 * overdue one nearest to now; null when there is none (the screen then offers to start one now).
 */
export const currentVisitQuery = z.object({ organizationId: queryId() });
export const currentVisit = z.object({ visit: visit.nullable() });
export const visitList = paged(visitSummary);
export const visitCalendar = z.object({
  month: z.string(),
  days: z.array(z.object({ date: z.string(), total: z.number().int(), byStatus: z.record(z.string(), z.number().int()) })),
});
export type VisitCalendar = z.infer<typeof visitCalendar>;

// ---------------------------------------------------------------- organization history (/history/:id)

export const organizationHistoryQuery = pageQuery.extend({ ...dateRangeFields }).refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export const organizationHistory = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  statistics: z.object({
    visits: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
    lastVisitAt: z.string().nullable(),
    doctorsMet: z.number().int(),
    averageProofScore: z.number().nullable(),
    /** average stars per criterion over the period, null without ratings */
    rating: z.record(z.enum(ratingCriteria), z.number()).nullable(),
  }),
  visits: paged(visitSummary),
});
export type OrganizationHistory = z.infer<typeof organizationHistory>;
