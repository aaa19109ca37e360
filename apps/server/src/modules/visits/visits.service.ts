import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  addDays,
  businessDate,
  canTransition,
  visitActorOf,
  doctorFullName,
  editableVisitStatuses,
  resultVisitStatuses,
  visitProof,
  type drugResultsBody,
  type GeoPosition,
  type listVisitsQuery,
  type Paged,
  type PlanVisitBody,
  type questionableVisitsQuery,
  type remaindersBody,
  type ReviewVisitBody,
  type Visit,
  type VisitCalendar,
  type VisitRatingBody,
  type VisitReminders,
  type VisitStatus,
  type VisitSummary,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { offsetOf } from '../../platform/paging.js';
import { dayStart, isForeignKeyViolation, isoInstant, qualified } from '../../platform/sql.js';
import { inScope } from '../../platform/scope.js';
import { searchCondition } from '../../platform/search.js';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { doctors } from '../doctors/doctors.table.js';
import { producers, products } from '../catalog/catalog.table.js';
import { assertOrganizationOpen, assertOrganizationVisible, organizationInScope } from '../organizations/organizations.service.js';
import { releaseDocument } from '../stock/reservations.service.js';
import { visitDoctors, visitDrugResults, visitRatings, visitRemainders, visits } from './visits.table.js';

const reviewers = alias(users, 'reviewers');
const raters = alias(users, 'raters');
const isoOrNull = (column: Parameters<typeof isoInstant>[0]) => sql<string | null>`case when ${column} is null then null else ${isoInstant(column)} end`;

/** The visit's document for the reservation service. */
export const visitDocument = (id: number) => ({ documentType: 'visit' as const, documentId: String(id) });

/** Visit summaries: the visit, its organization, its rep and the reviewer of a questionable one. */
export const selectSummary = (db: Db) =>
  db
    .select({
      id: visits.id,
      status: visits.status,
      organizationId: visits.organizationId,
      organizationName: organizations.name,
      representativeId: visits.representativeId,
      representativeName: users.fullName,
      plannedStart: isoInstant(visits.plannedStart),
      plannedEnd: isoInstant(visits.plannedEnd),
      startedAt: isoOrNull(visits.startedAt),
      completedAt: isoOrNull(visits.completedAt),
      comment: visits.comment,
      proofScore: visits.proofScore,
      proofReasons: visits.proofReasons,
      review: visits.review,
      reviewComment: visits.reviewComment,
      reviewedByName: reviewers.fullName,
      reviewedAt: isoOrNull(visits.reviewedAt),
    })
    .from(visits)
    .innerJoin(organizations, eq(organizations.id, visits.organizationId))
    .innerJoin(users, eq(users.id, visits.representativeId))
    .leftJoin(reviewers, eq(reviewers.id, visits.reviewedBy));

/** The visits an actor sees: their own (rep), their team's (chief, boss), all (admin, operator). */
export const visitScope = (actor: Actor) => inScope(actor, visits.representativeId);
const scope = visitScope;

/** Visits at organizations whose name matches, in either script (the organizations' search key of the name alone). */
const organizationMatches = (q: string) =>
  inArray(
    visits.organizationId,
    sql`(select ${qualified(organizations.id)} from ${organizations} where ${searchCondition(qualified(organizations.nameKey), q)})`,
  );

/**
 * A page of summaries, newest or oldest first by planned start, and the total. The page's ids come
 * first, from the visits table alone (an index walk on (representative | organization, planned_start,
 * id) that an offset skips cheaply), then the joined rows of those ids only: page 200 of a rep's
 * history costs about what page 1 does. Every condition is on the visits table.
 */
export async function pageOfSummaries(db: Db, where: SQL | undefined, page: { page: number; size: number }, descending: boolean): Promise<Paged<VisitSummary>> {
  const order = descending ? [desc(visits.plannedStart), desc(visits.id)] : [asc(visits.plannedStart), asc(visits.id)];
  const [pageIds, [total]] = await Promise.all([
    db
      .select({ id: visits.id })
      .from(visits)
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(visits).where(where),
  ]);
  const ids = pageIds.map((r) => r.id);
  const items = ids.length
    ? await selectSummary(db)
        .where(inArray(visits.id, ids))
        .orderBy(...order)
    : [];
  return { items, total: total?.n ?? 0, page: page.page, size: page.size };
}

export async function listVisits(db: Db, actor: Actor, query: z.output<typeof listVisitsQuery>): Promise<Paged<VisitSummary>> {
  const where = and(
    scope(actor),
    query.from ? gte(visits.plannedStart, dayStart(query.from)) : undefined,
    query.to ? lt(visits.plannedStart, dayStart(addDays(query.to, 1))) : undefined,
    query.representativeId ? eq(visits.representativeId, query.representativeId) : undefined,
    query.organizationId ? eq(visits.organizationId, query.organizationId) : undefined,
    query.status ? eq(visits.status, query.status) : undefined,
    query.q ? organizationMatches(query.q) : undefined,
  );
  return pageOfSummaries(db, where, query, query.sort?.startsWith('-') ?? false);
}

/** The business date of the planned start; grouped on as a date (cheap), spelled yyyy-MM-dd only for the grouped rows. */
const localDay = sql<string>`(${visits.plannedStart} at time zone 'Asia/Tashkent')::date`;

/** /visits: visits per day of a month (business time zone), by status. */
export async function visitCalendar(db: Db, actor: Actor, month: string, representativeId?: number): Promise<VisitCalendar> {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const rows = await db
    .select({ date: localDay, status: visits.status, n: count() })
    .from(visits)
    .where(
      and(
        scope(actor),
        gte(visits.plannedStart, dayStart(first)),
        lt(visits.plannedStart, dayStart(next)),
        representativeId ? eq(visits.representativeId, representativeId) : undefined,
      ),
    )
    .groupBy(localDay, visits.status)
    .orderBy(localDay);
  const days = new Map<string, { date: string; total: number; byStatus: Record<string, number> }>();
  for (const r of rows) {
    const day = days.get(r.date) ?? { date: r.date, total: 0, byStatus: {} };
    day.total += r.n;
    day.byStatus[r.status] = r.n;
    days.set(r.date, day);
  }
  return { month, days: [...days.values()] };
}

/** /visits/:date: one day's visits (business time zone). */
export async function visitsOfDay(db: Db, actor: Actor, date: string): Promise<VisitSummary[]> {
  return selectSummary(db)
    .where(and(scope(actor), gte(visits.plannedStart, dayStart(date)), lt(visits.plannedStart, dayStart(addDays(date, 1)))))
    .orderBy(asc(visits.plannedStart), asc(visits.id))
    .limit(500);
}

export async function getVisit(db: Db, actor: Actor, id: number): Promise<Visit> {
  const [row] = await db
    .select({
      startLat: visits.startLat,
      startLng: visits.startLng,
      startAccuracy: visits.startAccuracy,
      endLat: visits.endLat,
      endLng: visits.endLng,
      endAccuracy: visits.endAccuracy,
      distanceM: visits.distanceM,
      cancelReason: visits.cancelReason,
    })
    .from(visits)
    .where(and(eq(visits.id, id), scope(actor)));
  if (!row) throw notFound();
  const [[summary], doctorRows, drugRows, remainderRows, [rating]] = await Promise.all([
    selectSummary(db).where(eq(visits.id, id)),
    db
      .select({ doctorId: doctors.id, firstName: doctors.firstName, lastName: doctors.lastName, middleName: doctors.middleName })
      .from(visitDoctors)
      .innerJoin(doctors, eq(doctors.id, visitDoctors.doctorId))
      .where(eq(visitDoctors.visitId, id))
      .orderBy(asc(visitDoctors.createdAt), asc(doctors.id)),
    db
      .select({
        doctorId: visitDrugResults.doctorId,
        productId: visitDrugResults.productId,
        productName: products.name,
        producerName: producers.name,
        attitude: visitDrugResults.attitude,
        medicationStatus: visitDrugResults.medicationStatus,
      })
      .from(visitDrugResults)
      .innerJoin(products, eq(products.id, visitDrugResults.productId))
      .innerJoin(producers, eq(producers.id, products.producerId))
      .where(eq(visitDrugResults.visitId, id))
      .orderBy(asc(visitDrugResults.doctorId), asc(products.name)),
    db
      .select({ productId: visitRemainders.productId, productName: products.name, producerName: producers.name, quantity: visitRemainders.quantity })
      .from(visitRemainders)
      .innerJoin(products, eq(products.id, visitRemainders.productId))
      .innerJoin(producers, eq(producers.id, products.producerId))
      .where(eq(visitRemainders.visitId, id))
      .orderBy(asc(products.name)),
    db
      .select({
        efficiency: visitRatings.efficiency,
        operatorPoliteness: visitRatings.operatorPoliteness,
        deliverySpeed: visitRatings.deliverySpeed,
        responseTime: visitRatings.responseTime,
        comment: visitRatings.comment,
        ratedAt: isoInstant(visitRatings.ratedAt),
        ratedByName: sql<string>`coalesce(${raters.fullName}, '')`,
      })
      .from(visitRatings)
      .leftJoin(raters, eq(raters.id, visitRatings.ratedBy))
      .where(eq(visitRatings.visitId, id)),
  ]);
  const point = (lat: number | null, lng: number | null, accuracy: number | null) =>
    lat === null || lng === null ? null : { lat, lng, accuracy: accuracy ?? 0 };
  return {
    ...summary!,
    startPosition: point(row.startLat, row.startLng, row.startAccuracy),
    endPosition: point(row.endLat, row.endLng, row.endAccuracy),
    distanceM: row.distanceM,
    cancelReason: row.cancelReason,
    doctors: doctorRows.map((d) => ({ doctorId: d.doctorId, fullName: doctorFullName(d) })),
    drugResults: drugRows,
    remainders: remainderRows,
    rating: rating ?? null,
  };
}

// ---------------------------------------------------------------- plan

/** The representative must be an active user in the actor's scope (a rep plans for themself). */
async function assertRepresentative(db: Db, actor: Actor, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true), inScope(actor, users.id)));
  if (!row) throw fieldError('VALIDATION_FAILED', 'representativeId', 'invalidOption');
}

async function assertDoctorsOf(db: Db, organizationId: number, doctorIds: number[], field: string) {
  if (new Set(doctorIds).size !== doctorIds.length) throw new AppError('VISIT_DOCTOR_ALREADY_ADDED');
  if (!doctorIds.length) return;
  const rows = await db
    .select({ id: doctors.id })
    .from(doctors)
    .where(and(inArray(doctors.id, doctorIds), eq(doctors.organizationId, organizationId)));
  if (rows.length !== doctorIds.length) throw fieldError('VALIDATION_FAILED', field, 'invalidOption');
}

async function checkPlan(db: Db, actor: Actor, input: PlanVisitBody) {
  await assertRepresentative(db, actor, input.representativeId);
  await assertOrganizationVisible(db, actor, input.organizationId);
  // a blacklisted organization takes no visits
  await assertOrganizationOpen(db, input.organizationId);
  await assertDoctorsOf(db, input.organizationId, input.doctorIds, 'doctorIds');
}

/** 'Visit successfully created': 201 with the visit. */
export async function planVisit(db: Db, actor: Actor, input: PlanVisitBody): Promise<Visit> {
  await checkPlan(db, actor, input);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(visits)
      .values({
        organizationId: input.organizationId,
        representativeId: input.representativeId,
        plannedStart: new Date(input.plannedStart),
        plannedEnd: new Date(input.plannedEnd),
        comment: input.comment ?? null,
        createdBy: actor.id,
      })
      .returning({ id: visits.id });
    if (input.doctorIds.length) await tx.insert(visitDoctors).values(input.doctorIds.map((doctorId) => ({ visitId: created!.id, doctorId })));
    await recordAudit(tx, actor, { entity: 'visit', entityId: created!.id, action: 'create', after: { ...input } });
    return created!.id;
  });
  return getVisit(db, actor, id);
}

/** 'Visit successfully updated': only before the visit starts; a re-planned overdue visit is planned again. */
export async function updateVisit(db: Db, actor: Actor, id: number, input: PlanVisitBody): Promise<Visit> {
  const before = await getVisit(db, actor, id);
  if (!editableVisitStatuses.includes(before.status)) throw new AppError('VISIT_NOT_EDITABLE');
  await checkPlan(db, actor, input);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(visits)
      .set({
        organizationId: input.organizationId,
        representativeId: input.representativeId,
        plannedStart: new Date(input.plannedStart),
        plannedEnd: new Date(input.plannedEnd),
        comment: input.comment ?? null,
        status: 'planned',
        updatedAt: new Date(),
      })
      .where(and(eq(visits.id, id), inArray(visits.status, [...editableVisitStatuses])))
      .returning({ id: visits.id });
    if (!updated.length) throw new AppError('VISIT_NOT_EDITABLE');
    await tx.delete(visitDoctors).where(eq(visitDoctors.visitId, id));
    if (input.doctorIds.length) await tx.insert(visitDoctors).values(input.doctorIds.map((doctorId) => ({ visitId: id, doctorId })));
    await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: 'update', before, after: { ...input } });
  });
  return getVisit(db, actor, id);
}

// ---------------------------------------------------------------- status

/** Moves a visit through the state machine of the contracts; refuses a move the machine does not allow for this actor. */
async function transition(
  db: Db,
  actor: Actor,
  id: number,
  to: VisitStatus,
  set: (v: Visit, now: Date) => Promise<Partial<typeof visits.$inferInsert>> | Partial<typeof visits.$inferInsert>,
  also?: (tx: Tx, now: Date) => Promise<unknown>,
) {
  const visit = await getVisit(db, actor, id);
  if (!canTransition(visit.status, to, visitActorOf(visit, actor.id))) throw new AppError('VISIT_STATUS_REFUSED');
  const now = new Date();
  const values = await set(visit, now);
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(visits)
      .set({ ...values, status: to, updatedAt: now })
      .where(and(eq(visits.id, id), eq(visits.status, visit.status)))
      .returning({ id: visits.id });
    // changed meanwhile (the overdue job, another device)
    if (!moved.length) throw new AppError('VISIT_STATUS_REFUSED');
    await also?.(tx, now);
    await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: to, before: { status: visit.status }, after: { status: to, ...values } });
  });
  return getVisit(db, actor, id);
}

/** Geolocation must be enabled to start or complete a visit (spec §5). */
function requirePosition(position: GeoPosition | undefined): GeoPosition {
  if (!position) throw new AppError('GEOLOCATION_REQUIRED');
  return position;
}

export async function startVisit(db: Db, actor: Actor, id: number, position: GeoPosition | undefined): Promise<Visit> {
  const p = requirePosition(position);
  return transition(db, actor, id, 'in_progress', async (v, now) => {
    await assertOrganizationOpen(db, v.organizationId);
    return { startedAt: now, startLat: p.lat, startLng: p.lng, startAccuracy: p.accuracy, startDeviceTime: new Date(p.deviceTime) };
  });
}

export async function completeVisit(db: Db, actor: Actor, id: number, position: GeoPosition | undefined): Promise<Visit> {
  const p = requirePosition(position);
  return transition(db, actor, id, 'completed', async (v, now) => {
    const [row] = await db
      .select({ lat: organizations.lat, lng: organizations.lng, startedAt: visits.startedAt, startDeviceTime: visits.startDeviceTime })
      .from(visits)
      .innerJoin(organizations, eq(organizations.id, visits.organizationId))
      .where(eq(visits.id, v.id));
    const startedAt = row!.startedAt ?? now;
    const gaps = [Math.abs(new Date(p.deviceTime).getTime() - now.getTime())];
    if (row!.startDeviceTime) gaps.push(Math.abs(row!.startDeviceTime.getTime() - startedAt.getTime()));
    const proof = visitProof({
      organization: row!.lat === null || row!.lng === null ? null : { lat: row!.lat, lng: row!.lng },
      start: v.startPosition ?? { lat: p.lat, lng: p.lng, accuracy: p.accuracy },
      end: { lat: p.lat, lng: p.lng, accuracy: p.accuracy },
      startedAt,
      completedAt: now,
      clockGapSeconds: Math.max(...gaps) / 1000,
    });
    return {
      completedAt: now,
      endLat: p.lat,
      endLng: p.lng,
      endAccuracy: p.accuracy,
      endDeviceTime: new Date(p.deviceTime),
      distanceM: proof.distanceM,
      proofScore: proof.score,
      proofReasons: proof.reasons,
      // a questionable visit waits in its manager's queue
      review: proof.questionable ? 'pending' : null,
    };
  });
}

/** A cancelled visit gives back the stock its rep reserved during it. */
export async function cancelVisit(db: Db, actor: Actor, id: number, reason: string | null | undefined): Promise<Visit> {
  return transition(
    db,
    actor,
    id,
    'cancelled',
    () => ({ cancelReason: reason ?? null }),
    (tx, now) => releaseDocument(tx, actor, visitDocument(id), now),
  );
}

/** Planned visits whose end has passed become overdue; run on an interval by the app. */
export async function markOverdueVisits(db: Db, now: Date): Promise<{ marked: number }> {
  const rows = await db
    .update(visits)
    .set({ status: 'overdue', updatedAt: now })
    .where(and(eq(visits.status, 'planned'), lt(visits.plannedEnd, now)))
    .returning({ id: visits.id });
  return { marked: rows.length };
}

// ---------------------------------------------------------------- results

async function resultVisit(db: Db, actor: Actor, id: number, statuses: readonly VisitStatus[]) {
  const visit = await getVisit(db, actor, id);
  if (!statuses.includes(visit.status)) throw new AppError('VISIT_NOT_EDITABLE');
  return visit;
}

/** A doctor met (or planned): a doctor of the visit's organization, once per visit (spec §5). */
export async function addVisitDoctor(db: Db, actor: Actor, id: number, doctorId: number): Promise<Visit> {
  const visit = await resultVisit(db, actor, id, [...editableVisitStatuses, ...resultVisitStatuses]);
  await assertDoctorsOf(db, visit.organizationId, [doctorId], 'doctorId');
  const added = await db.insert(visitDoctors).values({ visitId: id, doctorId }).onConflictDoNothing().returning({ doctorId: visitDoctors.doctorId });
  if (!added.length) throw new AppError('VISIT_DOCTOR_ALREADY_ADDED');
  return getVisit(db, actor, id);
}

/** Discussed drugs per doctor met: attitude and medication status; replaces the visit's set. */
export async function saveDrugResults(db: Db, actor: Actor, id: number, input: z.output<typeof drugResultsBody>): Promise<Visit> {
  const visit = await resultVisit(db, actor, id, resultVisitStatuses);
  const met = new Set(visit.doctors.map((d) => d.doctorId));
  const seen = new Set<string>();
  input.items.forEach((item, i) => {
    if (!met.has(item.doctorId)) throw fieldError('VALIDATION_FAILED', `items.${i}.doctorId`, 'invalidOption');
    const key = `${item.doctorId}:${item.productId}`;
    if (seen.has(key)) throw fieldError('VALIDATION_FAILED', `items.${i}.productId`, 'productTwice');
    seen.add(key);
  });
  await replaceSet(
    db,
    actor,
    id,
    'drugResults',
    async (tx) => {
      await tx.delete(visitDrugResults).where(eq(visitDrugResults.visitId, id));
      if (input.items.length) await tx.insert(visitDrugResults).values(input.items.map((item) => ({ visitId: id, ...item })));
    },
    input.items,
  );
  return getVisit(db, actor, id);
}

/** Remainders counted per product during the visit; replaces the visit's set. */
export async function saveRemainders(db: Db, actor: Actor, id: number, input: z.output<typeof remaindersBody>): Promise<Visit> {
  await resultVisit(db, actor, id, resultVisitStatuses);
  const seen = new Set<number>();
  input.items.forEach((item, i) => {
    if (seen.has(item.productId)) throw fieldError('VALIDATION_FAILED', `items.${i}.productId`, 'productTwice');
    seen.add(item.productId);
  });
  await replaceSet(
    db,
    actor,
    id,
    'remainders',
    async (tx) => {
      await tx.delete(visitRemainders).where(eq(visitRemainders.visitId, id));
      if (input.items.length) await tx.insert(visitRemainders).values(input.items.map((item) => ({ visitId: id, ...item })));
    },
    input.items,
  );
  return getVisit(db, actor, id);
}

async function replaceSet(db: Db, actor: Actor, id: number, what: string, work: (tx: Tx) => Promise<void>, items: object[]) {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: what, after: { items } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw fieldError('VALIDATION_FAILED', 'items', 'productUnknown');
    throw error;
  }
}

// ---------------------------------------------------------------- the rep's day: reminders and the current visit

/** The actor's own planned visits starting within `leadMinutes` from now, soonest first (the in-app reminder). */
export async function visitReminders(db: Db, actor: Actor, leadMinutes: number, now = new Date()): Promise<VisitReminders> {
  const items = await selectSummary(db)
    .where(
      and(
        eq(visits.representativeId, actor.id),
        eq(visits.status, 'planned'),
        gte(visits.plannedStart, now),
        lte(visits.plannedStart, new Date(now.getTime() + leadMinutes * 60_000)),
      ),
    )
    .orderBy(asc(visits.plannedStart), asc(visits.id))
    .limit(100);
  return { leadMinutes, items };
}

/**
 * The visit screen of an organization (/point-visit/:id): the actor's visit there in progress,
 * else today's (Tashkent) planned or overdue one whose start is nearest to now; null when none.
 * 404 when the organization lies outside the actor's territories.
 */
export async function currentVisit(db: Db, actor: Actor, organizationId: number, now = new Date()): Promise<{ visit: Visit | null }> {
  await organizationInScope(db, actor, organizationId);
  const today = businessDate(now);
  const [row] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.representativeId, actor.id),
        eq(visits.organizationId, organizationId),
        or(
          eq(visits.status, 'in_progress'),
          and(inArray(visits.status, ['planned', 'overdue']), gte(visits.plannedStart, dayStart(today)), lt(visits.plannedStart, dayStart(addDays(today, 1)))),
        ),
      ),
    )
    .orderBy(
      sql`case when ${visits.status} = 'in_progress' then 0 else 1 end`,
      sql`abs(extract(epoch from ${visits.plannedStart} - ${now.toISOString()}::timestamptz))`,
      asc(visits.id),
    )
    .limit(1);
  return { visit: row ? await getVisit(db, actor, row.id) : null };
}

// ---------------------------------------------------------------- questionable visits: the manager's review

/** The manager's queue: visits in scope whose proof made them questionable, never the manager's own; newest first. */
export async function questionableVisits(db: Db, actor: Actor, query: z.output<typeof questionableVisitsQuery>): Promise<Paged<VisitSummary>> {
  const where = and(
    scope(actor),
    ne(visits.representativeId, actor.id),
    eq(visits.review, query.review),
    query.from ? gte(visits.plannedStart, dayStart(query.from)) : undefined,
    query.to ? lt(visits.plannedStart, dayStart(addDays(query.to, 1))) : undefined,
    query.representativeId ? eq(visits.representativeId, query.representativeId) : undefined,
    query.q ? organizationMatches(query.q) : undefined,
  );
  // newest first unless sort asks for ascending ("plannedStart")
  const ascending = !!query.sort && !query.sort.startsWith('-');
  return pageOfSummaries(db, where, query, !ascending);
}

/** A manager accepts or rejects a questionable visit: only a pending one, only of a rep in their scope, never their own. */
export async function reviewVisit(db: Db, actor: Actor, id: number, input: ReviewVisitBody, now = new Date()): Promise<Visit> {
  const visit = await getVisit(db, actor, id);
  if (visit.representativeId === actor.id) throw new AppError('VISIT_REVIEW_NOT_ALLOWED');
  if (visit.review !== 'pending') throw new AppError('VISIT_REVIEW_NOT_PENDING');
  await db.transaction(async (tx) => {
    const reviewed = await tx
      .update(visits)
      .set({ review: input.decision, reviewComment: input.comment ?? null, reviewedBy: actor.id, reviewedAt: now, updatedAt: now })
      .where(and(eq(visits.id, id), eq(visits.review, 'pending')))
      .returning({ id: visits.id });
    // reviewed meanwhile by another manager
    if (!reviewed.length) throw new AppError('VISIT_REVIEW_NOT_PENDING');
    await recordAudit(tx, actor, {
      entity: 'visit',
      entityId: id,
      action: 'review',
      before: { review: 'pending' },
      after: { review: input.decision, reviewComment: input.comment ?? null },
    });
  });
  return getVisit(db, actor, id);
}

// ---------------------------------------------------------------- rating

/** 'Rating saved successfully!': the organization's stars on a completed visit, by its rep or a manager in scope; saved again replaces them. */
export async function rateVisit(db: Db, actor: Actor, id: number, input: VisitRatingBody, now = new Date()): Promise<Visit> {
  const visit = await getVisit(db, actor, id);
  if (visit.status !== 'completed') throw new AppError('VISIT_NOT_COMPLETED');
  const values = {
    efficiency: input.efficiency,
    operatorPoliteness: input.operatorPoliteness,
    deliverySpeed: input.deliverySpeed,
    responseTime: input.responseTime,
    comment: input.comment ?? null,
    ratedBy: actor.id,
    ratedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(visitRatings)
      .values({ visitId: id, ...values })
      .onConflictDoUpdate({ target: visitRatings.visitId, set: values });
    await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: 'rating', before: visit.rating, after: { ...values, ratedAt: undefined } });
  });
  return getVisit(db, actor, id);
}
