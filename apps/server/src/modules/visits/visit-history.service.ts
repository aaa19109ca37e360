import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, ratingCriteria, type OrganizationHistory, type organizationHistoryQuery, type RatingCriterion } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import { organizationInScope } from '../organizations/organizations.service.js';
import { pageOfSummaries, visitScope } from './visits.service.js';
import { visitDoctors, visitRatings, visits } from './visits.table.js';

/** Visits that took place: doctors were met there, a proof was scored. */
const tookPlace = ['in_progress', 'completed'] as const;
const round1 = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

/**
 * /history/:id: one organization's visits in the actor's scope over a period (newest first, paged)
 * and their statistics: visits by status, the last visit, distinct doctors met, the average proof
 * score and the average stars per rating criterion (null without ratings). 404 outside the
 * actor's territories.
 */
export async function organizationHistory(
  db: Db,
  actor: Actor,
  organizationId: number,
  query: z.output<typeof organizationHistoryQuery>,
): Promise<OrganizationHistory> {
  const organization = await organizationInScope(db, actor, organizationId);
  const where = and(
    eq(visits.organizationId, organizationId),
    visitScope(actor),
    query.from ? gte(visits.plannedStart, dayStart(query.from)) : undefined,
    query.to ? lt(visits.plannedStart, dayStart(addDays(query.to, 1))) : undefined,
  );
  const [byStatusRows, [totals], [doctors], [stars], page] = await Promise.all([
    db.select({ status: visits.status, n: count() }).from(visits).where(where).groupBy(visits.status),
    db
      .select({
        // the last completed visit (null when none); to_char of null is null
        lastVisitAt: sql<string | null>`${isoInstant(sql`max(${visits.completedAt})`)}`,
        averageProofScore: sql<string | null>`avg(${visits.proofScore}) filter (where ${visits.status} = 'completed')`,
      })
      .from(visits)
      .where(where),
    db
      .select({ n: sql<number>`count(distinct ${visitDoctors.doctorId})::int` })
      .from(visitDoctors)
      .innerJoin(visits, eq(visits.id, visitDoctors.visitId))
      .where(and(where, inArray(visits.status, [...tookPlace]))),
    db
      .select({
        n: count(),
        efficiency: sql<string | null>`avg(${visitRatings.efficiency})`,
        operatorPoliteness: sql<string | null>`avg(${visitRatings.operatorPoliteness})`,
        deliverySpeed: sql<string | null>`avg(${visitRatings.deliverySpeed})`,
        responseTime: sql<string | null>`avg(${visitRatings.responseTime})`,
      })
      .from(visitRatings)
      .innerJoin(visits, eq(visits.id, visitRatings.visitId))
      .where(where),
    pageOfSummaries(db, where, query, true),
  ]);
  const byStatus = Object.fromEntries(byStatusRows.map((r) => [r.status, r.n]));
  const rating = stars && stars.n > 0 ? (Object.fromEntries(ratingCriteria.map((c) => [c, round1(stars[c])])) as Record<RatingCriterion, number>) : null;
  return {
    organizationId,
    organizationName: organization.name,
    statistics: {
      visits: byStatusRows.reduce((sum, r) => sum + r.n, 0),
      byStatus,
      lastVisitAt: totals?.lastVisitAt ?? null,
      doctorsMet: doctors?.n ?? 0,
      averageProofScore: round1(totals?.averageProofScore ?? null),
      rating,
    },
    visits: page,
  };
}
