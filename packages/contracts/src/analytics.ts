import { z } from 'zod';
import { addDays, calendarDate, daysBetween, endNotBeforeStart } from './common/dates.js';
import { queryId } from './common/validation.js';
import { organizationSizes, organizationTypes } from './organizations.js';
import { clientTypes } from './pricing.js';
import { orderStatuses } from './orders.js';
import { visitStatuses } from './visits.js';

/*
 * Analytics (issue 15): every figure of statistics, reports, exports and tests is defined here once —
 * the sums the server's aggregates hold (`AnalyticsTotals`) and the measures computed from them
 * (`analyticsMeasures`). The server only sums; a screen only formats.
 */

/** The longest period one request may ask for: three years and a day. */
export const maxAnalyticsDays = 3 * 366;

/** The period pickers of /statistics. */
export const periodKinds = ['day', 'week', 'month', 'quarter', 'year', 'custom'] as const;
export type PeriodKind = (typeof periodKinds)[number];

export interface Period {
  from: string;
  to: string;
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const addMonths = (date: string, months: number) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-01`;
};
const lastDayOfMonth = (date: string) => addDays(addMonths(monthStart(date), 1), -1);

/** The period of a kind that holds a day (weeks start on Monday); 'custom' is the day itself. */
export function periodOf(kind: PeriodKind, day: string): Period {
  switch (kind) {
    case 'day':
    case 'custom':
      return { from: day, to: day };
    case 'week': {
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      const from = addDays(day, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case 'month':
      return { from: monthStart(day), to: lastDayOfMonth(day) };
    case 'quarter': {
      const month = Number(day.slice(5, 7));
      const from = `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
      return { from, to: lastDayOfMonth(addMonths(from, 2)) };
    }
    case 'year':
      return { from: `${day.slice(0, 4)}-01-01`, to: `${day.slice(0, 4)}-12-31` };
  }
}

/** The period of the same length just before (growth against the previous period). */
export function previousPeriod(p: Period): Period {
  const days = daysBetween(p.from, p.to) + 1;
  // whole months compare with as many whole months before them
  if (p.from === monthStart(p.from) && p.to === lastDayOfMonth(p.to)) {
    const months = (Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4))) * 12 + Number(p.to.slice(5, 7)) - Number(p.from.slice(5, 7)) + 1;
    return { from: addMonths(p.from, -months), to: addDays(p.from, -1) };
  }
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}

/** The same period a year before (growth against last year); 29 February reads as the 28th. */
export function sameLastYear(p: Period): Period {
  const back = (date: string) => {
    const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
    const candidate = `${year}${date.slice(4)}`;
    return date.slice(5) === '02-29' ? `${year}-02-28` : candidate;
  };
  const to = p.to === lastDayOfMonth(p.to) ? lastDayOfMonth(back(monthStart(p.to))) : back(p.to);
  return { from: back(p.from), to };
}

/** The sums the aggregates hold for a set of rows: each adds up across rows and days. */
export interface AnalyticsTotals {
  /** visits planned in the period, whatever became of them */
  visitsPlanned: number;
  visitsCompleted: number;
  visitsCancelled: number;
  visitsOverdue: number;
  /** completed visits whose proof score made them questionable */
  visitsQuestionable: number;
  /** seconds at the organization, summed over completed visits with a start and an end */
  visitSeconds: number;
  timedVisits: number;
  /** (representative, day) pairs with at least one visit that was not cancelled */
  repDays: number;
  /** orders dated in the period that are not cancelled */
  ordersCount: number;
  /** their sum at sale price, tiyin */
  ordersSum: number;
  /** of them, shipped (shipped, delivered or completed), delivered (delivered or completed) */
  shippedSum: number;
  deliveredSum: number;
  /** orders cancelled (refused) and their sum */
  cancelledCount: number;
  cancelledSum: number;
  /**
   * what came back from deliveries, tiyin: the positions a client did not take at the door (a stop delivered
   * in part, or refused), their returned quantity at the position's unit sale price; by the order's date
   */
  returnedSum: number;
  /** paid against the period's orders, tiyin */
  paidSum: number;
  /** owed (orderOwed) by the period's delivered orders, tiyin */
  debtSum: number;
  /** of it, overdue today by the credit rules (ageDebt: delivered more than the client's deferral days ago) */
  overdueDebtSum: number;
  /** organizations of the territory; those visited (a completed visit) or ordering (an order not cancelled) in the period */
  organizationsTotal: number;
  organizationsCovered: number;
  organizationsVisited: number;
  organizationsOrdering: number;
}

export const emptyTotals = (): AnalyticsTotals => ({
  visitsPlanned: 0,
  visitsCompleted: 0,
  visitsCancelled: 0,
  visitsOverdue: 0,
  visitsQuestionable: 0,
  visitSeconds: 0,
  timedVisits: 0,
  repDays: 0,
  ordersCount: 0,
  ordersSum: 0,
  shippedSum: 0,
  deliveredSum: 0,
  cancelledCount: 0,
  cancelledSum: 0,
  returnedSum: 0,
  paidSum: 0,
  debtSum: 0,
  overdueDebtSum: 0,
  organizationsTotal: 0,
  organizationsCovered: 0,
  organizationsVisited: 0,
  organizationsOrdering: 0,
});

/** Order statuses that count as shipped and as delivered. */
export const shippedOrderStatuses = ['shipped', 'delivered', 'completed'] as const;
export const deliveredOrderStatuses = ['delivered', 'completed'] as const;

/** How a measure reads: a count, money (tiyin), a share (0..1), minutes, a plain number. */
export const measureUnits = ['count', 'money', 'share', 'minutes', 'number'] as const;
export type MeasureUnit = (typeof measureUnits)[number];

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * THE measures, in the order the screens list them. `of` computes one from the totals; null when it has
 * no meaning (a rate over nothing). `better` says which way is good (for colouring a change).
 */
export const analyticsMeasures = {
  visitsPlanned: { unit: 'count', group: 'visits', better: 'up', of: (t: AnalyticsTotals) => t.visitsPlanned },
  visitsCompleted: { unit: 'count', group: 'visits', better: 'up', of: (t: AnalyticsTotals) => t.visitsCompleted },
  visitsCancelled: { unit: 'count', group: 'visits', better: 'down', of: (t: AnalyticsTotals) => t.visitsCancelled },
  visitsOverdue: { unit: 'count', group: 'visits', better: 'down', of: (t: AnalyticsTotals) => t.visitsOverdue },
  /** completed ÷ planned and not cancelled */
  completionRate: { unit: 'share', group: 'visits', better: 'up', of: (t: AnalyticsTotals) => ratio(t.visitsCompleted, t.visitsPlanned - t.visitsCancelled) },
  /** completed visits ÷ (representative, day) pairs with a visit that was not cancelled */
  visitsPerRepDay: { unit: 'number', group: 'visits', better: 'up', of: (t: AnalyticsTotals) => ratio(t.visitsCompleted, t.repDays) },
  averageVisitMinutes: { unit: 'minutes', group: 'visits', better: 'up', of: (t: AnalyticsTotals) => ratio(t.visitSeconds / 60, t.timedVisits) },
  /** questionable ÷ completed */
  questionableShare: { unit: 'share', group: 'visits', better: 'down', of: (t: AnalyticsTotals) => ratio(t.visitsQuestionable, t.visitsCompleted) },
  organizationsTotal: { unit: 'count', group: 'coverage', better: 'up', of: (t: AnalyticsTotals) => t.organizationsTotal },
  organizationsCovered: { unit: 'count', group: 'coverage', better: 'up', of: (t: AnalyticsTotals) => t.organizationsCovered },
  /** covered ÷ the territory's organizations */
  coverageRate: { unit: 'share', group: 'coverage', better: 'up', of: (t: AnalyticsTotals) => ratio(t.organizationsCovered, t.organizationsTotal) },
  ordersCount: { unit: 'count', group: 'orders', better: 'up', of: (t: AnalyticsTotals) => t.ordersCount },
  ordersSum: { unit: 'money', group: 'orders', better: 'up', of: (t: AnalyticsTotals) => t.ordersSum },
  averageOrder: { unit: 'money', group: 'orders', better: 'up', of: (t: AnalyticsTotals) => ratio(t.ordersSum, t.ordersCount) },
  shippedSum: { unit: 'money', group: 'orders', better: 'up', of: (t: AnalyticsTotals) => t.shippedSum },
  deliveredSum: { unit: 'money', group: 'orders', better: 'up', of: (t: AnalyticsTotals) => t.deliveredSum },
  cancelledCount: { unit: 'count', group: 'orders', better: 'down', of: (t: AnalyticsTotals) => t.cancelledCount },
  cancelledSum: { unit: 'money', group: 'orders', better: 'down', of: (t: AnalyticsTotals) => t.cancelledSum },
  returnedSum: { unit: 'money', group: 'orders', better: 'down', of: (t: AnalyticsTotals) => t.returnedSum },
  paidSum: { unit: 'money', group: 'orders', better: 'up', of: (t: AnalyticsTotals) => t.paidSum },
  debtSum: { unit: 'money', group: 'orders', better: 'down', of: (t: AnalyticsTotals) => t.debtSum },
  overdueDebtSum: { unit: 'money', group: 'orders', better: 'down', of: (t: AnalyticsTotals) => t.overdueDebtSum },
} as const satisfies Record<
  string,
  { unit: MeasureUnit; group: 'visits' | 'coverage' | 'orders'; better: 'up' | 'down'; of: (t: AnalyticsTotals) => number | null }
>;

export type MeasureKey = keyof typeof analyticsMeasures;
export const measureKeys = Object.keys(analyticsMeasures) as MeasureKey[];
export type Figures = Record<MeasureKey, number | null>;

/** Every measure of a set of totals. */
export function figuresOf(t: AnalyticsTotals): Figures {
  return Object.fromEntries(measureKeys.map((k) => [k, analyticsMeasures[k].of(t)])) as Figures;
}

/** The change of a figure against an earlier one, as a share (0.1 = +10 %); null when either is missing or the earlier is 0. */
export function growth(current: number | null, earlier: number | null): number | null {
  if (current === null || earlier === null || earlier === 0) return null;
  return (current - earlier) / Math.abs(earlier);
}

/** Filters every analytics request takes; all optional but the period. */
export const analyticsQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    regionId: queryId().optional(),
    districtId: queryId().optional(),
    branchId: queryId().optional(),
    /** a manager: their team, any depth */
    teamId: queryId().optional(),
    representativeId: queryId().optional(),
    clientType: z.enum(clientTypes).optional(),
    organizationType: z.enum(organizationTypes).optional(),
    organizationSize: z.enum(organizationSizes).optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' })
  .refine((q) => daysBetween(q.from, q.to) < maxAnalyticsDays, { path: ['to'], error: 'periodTooLong' });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

const figuresSchema = z.record(z.string(), z.number().nullable()) as unknown as z.ZodType<Figures>;
const totalsSchema = z.record(z.string(), z.number()) as unknown as z.ZodType<AnalyticsTotals>;
const periodSchema = z.object({ from: z.string(), to: z.string() });

/** The KPI cards: the period, the one before it and the same one last year. */
export const analyticsSummary = z.object({
  period: periodSchema,
  figures: figuresSchema,
  totals: totalsSchema,
  previous: z.object({ period: periodSchema, figures: figuresSchema }),
  lastYear: z.object({ period: periodSchema, figures: figuresSchema }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

export const trendGrains = ['day', 'week', 'month'] as const;
export type TrendGrain = (typeof trendGrains)[number];
export const trendQuery = analyticsQuery.and(z.object({ grain: z.enum(trendGrains).default('day') }));
export const analyticsTrend = z.array(z.object({ from: z.string(), figures: figuresSchema }));
export type AnalyticsTrend = z.infer<typeof analyticsTrend>;

/** What a breakdown (and a report) has a row for. */
export const breakdownDimensions = ['representative', 'region', 'district', 'branch', 'organizationType', 'clientType', 'orderStatus', 'month'] as const;
export type BreakdownDimension = (typeof breakdownDimensions)[number];
export const breakdownQuery = analyticsQuery.and(z.object({ by: z.enum(breakdownDimensions) }));
export const breakdownRow = z.object({
  /** the row's id (a user, region, district, branch, as text) or value (a type, a status, a month's first day); null = not set */
  key: z.string().nullable(),
  /** a name for ids; values are translated by the screen */
  name: z.string().nullable(),
  figures: figuresSchema,
  previous: figuresSchema,
});
export const analyticsBreakdown = z.object({
  by: z.enum(breakdownDimensions),
  period: periodSchema,
  previousPeriod: periodSchema,
  rows: z.array(breakdownRow),
  total: figuresSchema,
  previousTotal: figuresSchema,
});
export type AnalyticsBreakdown = z.infer<typeof analyticsBreakdown>;
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const analyticsOrderStatuses = orderStatuses;

/*
 * The coverage map (spec §2): the territory's organizations coloured by what happened in the period.
 * Visited = a completed visit; ordering = an order not cancelled (the same sums as `organizationsVisited`
 * and `organizationsOrdering`, per organization).
 */
export const coverageStates = ['visitedAndOrdering', 'visitedOnly', 'orderingOnly', 'notCovered'] as const;
export type CoverageState = (typeof coverageStates)[number];

/** An organization's state from its completed visits and orders in the period. */
export const coverageStateOf = (visits: number, orders: number): CoverageState =>
  visits > 0 ? (orders > 0 ? 'visitedAndOrdering' : 'visitedOnly') : orders > 0 ? 'orderingOnly' : 'notCovered';

export const coveragePoint = z.object({
  id: z.number(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  type: z.enum(organizationTypes),
  state: z.enum(coverageStates),
});
export type CoveragePoint = z.infer<typeof coveragePoint>;
const stateCounts = z.object(Object.fromEntries(coverageStates.map((s) => [s, z.number()])) as Record<CoverageState, z.ZodNumber>);
export type CoverageCounts = Record<CoverageState, number>;

/** The map's answer: the points with coordinates, and every organization of the territory counted per state. */
export const coverageAnswer = z.object({
  period: periodSchema,
  points: z.array(coveragePoint),
  /** every organization of the territory per state, those without coordinates too */
  counts: stateCounts,
  /** of them, without coordinates (not on the map), per state */
  withoutCoordinates: stateCounts,
  /** the organizations not covered in the period (the list beside the map), by name */
  uncovered: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.enum(organizationTypes),
      district: z.string().nullable(),
      address: z.string(),
      phone: z.string(),
      located: z.boolean(),
    }),
  ),
});
export type CoverageAnswer = z.infer<typeof coverageAnswer>;
export type UncoveredOrganization = CoverageAnswer['uncovered'][number];

/** A representative's day on the map: their visits' start positions in the order they were started. */
export const trackQuery = z.object({ representativeId: queryId(), day: calendarDate });
export type TrackQuery = z.infer<typeof trackQuery>;
export const trackAnswer = z.object({
  representativeId: z.number(),
  day: z.string(),
  stops: z.array(
    z.object({
      visitId: z.number(),
      lat: z.number(),
      lng: z.number(),
      /** when the visit was started (ISO) */
      startedAt: z.string(),
      organizationName: z.string(),
      status: z.enum(visitStatuses),
    }),
  ),
});
export type TrackAnswer = z.infer<typeof trackAnswer>;
