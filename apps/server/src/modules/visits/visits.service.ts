import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { addDays, businessDate, doctorFullName, type listVisitsQuery, type Paged, type Visit, type VisitCalendar, type VisitSummary } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';

import { offsetOf } from '../../platform/paging.js';
import { dayStart, isoInstant, qualified } from '../../platform/sql.js';
import { inScope } from '../../platform/scope.js';
import { searchCondition } from '../../platform/search.js';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { doctors } from '../doctors/doctors.table.js';
import { producers, products } from '../catalog/catalog.table.js';
import { organizationInScope } from '../organizations/organizations.service.js';

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

export const scope = visitScope;

/** Visits at organizations whose name matches, in either script (the organizations' search key of the name alone). */
export const organizationMatches = (q: string) =>
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
