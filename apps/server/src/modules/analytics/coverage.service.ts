import { and, sql } from 'drizzle-orm';
import {
  addDays,
  coverageStateOf,
  coverageStates,
  type AnalyticsQuery,
  type CoverageAnswer,
  type CoverageCounts,
  type Language,
  type OrganizationType,
  type TrackAnswer,
  type TrackQuery,
  type VisitStatus,
} from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { inScope, teamOf } from '../../platform/scope.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import { statSource, territoryOf } from './totals.service.js';

/*
 * The coverage map (spec §2): each organization of the territory with the completed visits and orders
 * (not cancelled) that the period's `stat_coverage` rows hold for it — the same sums as the statistics'
 * coverage, per organization, so the map's counts are the KPI cards' `organizationsCovered`.
 */

interface OrganizationRow {
  id: number;
  name: string;
  type: OrganizationType;
  lat: number | null;
  lng: number | null;
  address: string;
  phone: string;
  district: string | null;
  visits: number | string;
  orders: number | string;
}

const zeroCounts = (): CoverageCounts => Object.fromEntries(coverageStates.map((s) => [s, 0])) as CoverageCounts;

/** The territory's organizations (`territoryOf`) left-joined to their coverage in the period, by the users the filters and the viewer's scope allow. One query. */
export async function coverageMap(db: Db, actor: Actor, q: AnalyticsQuery, lng: Language): Promise<CoverageAnswer> {
  const byUser = and(
    sql`c.day between ${q.from} and ${q.to}`,
    inScope(actor, sql`c.user_id`),
    q.representativeId ? sql`c.user_id = ${q.representativeId}` : undefined,
    q.teamId ? sql`c.user_id in (${teamOf(q.teamId)})` : undefined,
    q.branchId ? sql`c.user_id in (select u.id from users u where u.branch_id = ${q.branchId})` : undefined,
  );
  const rows = await queryRows<OrganizationRow>(
    db,
    sql`select o.id, o.name, o.type, o.lat, o.lng, o.address, o.phone,
      coalesce(d.name->>${lng}, d.name->>'ru') as district,
      coalesce(c.visits, 0) as visits, coalesce(c.orders, 0) as orders
    from organizations o
    left join districts d on d.id = o.district_id
    left join (
      select c.organization_id, sum(c.visits) visits, sum(c.orders) orders from ${statSource('stat_coverage', q)} c where ${byUser} group by 1
    ) c on c.organization_id = o.id
    where ${territoryOf(actor, q) ?? sql`true`}
    order by o.name, o.id`,
  );
  const answer: CoverageAnswer = { period: { from: q.from, to: q.to }, points: [], counts: zeroCounts(), withoutCoordinates: zeroCounts(), uncovered: [] };
  for (const r of rows) {
    const state = coverageStateOf(Number(r.visits), Number(r.orders));
    const located = r.lat !== null && r.lng !== null;
    answer.counts[state] += 1;
    if (located) answer.points.push({ id: r.id, name: r.name, lat: Number(r.lat), lng: Number(r.lng), type: r.type, state });
    else answer.withoutCoordinates[state] += 1;
    if (state === 'notCovered')
      answer.uncovered.push({ id: r.id, name: r.name, type: r.type, district: r.district, address: r.address, phone: r.phone, located });
  }
  return answer;
}

/** A representative's day (Tashkent): their visits that were started, at their start positions, in the order they were started. Outside the viewer's scope: not found. */
export async function visitTrack(db: Db, actor: Actor, q: TrackQuery): Promise<TrackAnswer> {
  const [user] = await queryRows<{ id: number }>(db, sql`select u.id from users u where ${and(sql`u.id = ${q.representativeId}`, inScope(actor, sql`u.id`))}`);
  if (!user) throw notFound();
  const rows = await queryRows<{ id: number; lat: number; lng: number; started_at: string; name: string; status: VisitStatus }>(
    db,
    sql`select v.id, v.start_lat as lat, v.start_lng as lng, ${isoInstant(sql`v.started_at`)} as started_at, o.name, v.status
    from visits v join organizations o on o.id = v.organization_id
    where v.representative_id = ${q.representativeId}
      and v.started_at >= ${dayStart(q.day).toISOString()}::timestamptz and v.started_at < ${dayStart(addDays(q.day, 1)).toISOString()}::timestamptz
      and v.start_lat is not null and v.start_lng is not null
    order by v.started_at, v.id`,
  );
  return {
    representativeId: q.representativeId,
    day: q.day,
    stops: rows.map((r) => ({
      visitId: r.id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      startedAt: r.started_at,
      organizationName: r.name,
      status: r.status,
    })),
  };
}
