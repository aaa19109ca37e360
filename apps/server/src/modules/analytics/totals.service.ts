import { and, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  businessDate,
  debtOrderStatuses,
  deliveredOrderStatuses,
  emptyTotals,
  shippedOrderStatuses,
  type AnalyticsQuery,
  type AnalyticsTotals,
} from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope, teamOf } from '../../platform/scope.js';
import { deliveredAtOf, overdueSince } from '../orders/payments.service.js';
import { inTerritory } from '../territories/territories.service.js';

/**
 * The sums of `AnalyticsTotals` (contracts) read from the aggregates (analytics.table.ts), per key of a
 * grouping: a breakdown's dimension, a trend's day, week or month, or nothing (one row, key 'all').
 * Never the raw visits or orders: the aggregates are kept by triggers.
 */
export type Grouping =
  'representative' | 'region' | 'district' | 'branch' | 'organizationType' | 'clientType' | 'orderStatus' | 'day' | 'week' | 'month' | null;

/** The columns of one aggregate that filters and groupings read. */
interface Columns {
  day: SQL;
  user: SQL;
  district: SQL;
  type: SQL;
  size: SQL;
  clientType?: SQL;
  status?: SQL;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The key of a grouping on an aggregate's columns, and the join it needs (a region through the district,
 * a branch through the user: a hash join, ten times faster than a lookup per row); undefined when the
 * aggregate has nothing to group by (its figures stay out).
 */
function keyOf(grouping: Grouping, c: Columns): { key: SQL; join: SQL } | undefined {
  const plain = (key: SQL | undefined) => (key ? { key, join: sql`` } : undefined);
  switch (grouping) {
    case null:
      return plain(sql`'all'`);
    case 'representative':
      return plain(c.user);
    case 'region':
      return { key: sql`kd.region_id`, join: sql`left join districts kd on kd.id = ${c.district}` };
    case 'district':
      return plain(c.district);
    case 'branch':
      return { key: sql`ku.branch_id`, join: sql`left join users ku on ku.id = ${c.user}` };
    case 'organizationType':
      return plain(c.type);
    case 'clientType':
      return plain(c.clientType);
    case 'orderStatus':
      return plain(c.status);
    case 'day':
      return plain(c.day);
    case 'week':
      return plain(sql`date_trunc('week', ${c.day})::date`);
    case 'month':
      return plain(sql`date_trunc('month', ${c.day})::date`);
  }
}

/** The viewer's scope and the query's filters on an aggregate's columns (a filter an aggregate lacks, such as client type on visits, does not apply to it). */
function where(actor: Actor, q: AnalyticsQuery, c: Columns): SQL {
  return and(
    sql`${c.day} between ${q.from} and ${q.to}`,
    inScope(actor, c.user),
    q.regionId ? sql`${c.district} in (select d.id from districts d where d.region_id = ${q.regionId})` : undefined,
    q.districtId ? sql`${c.district} = ${q.districtId}` : undefined,
    q.branchId ? sql`${c.user} in (select u.id from users u where u.branch_id = ${q.branchId})` : undefined,
    q.teamId ? sql`${c.user} in (${teamOf(q.teamId)})` : undefined,
    q.representativeId ? sql`${c.user} = ${q.representativeId}` : undefined,
    q.organizationType ? sql`${c.type} = ${q.organizationType}` : undefined,
    q.organizationSize ? sql`${c.size} = ${q.organizationSize}` : undefined,
    q.clientType && c.clientType ? sql`${c.clientType} = ${q.clientType}` : undefined,
  )!;
}

const visitColumns: Columns = {
  day: sql`v.day`,
  user: sql`v.representative_id`,
  district: sql`v.district_id`,
  type: sql`v.organization_type`,
  size: sql`v.organization_size`,
};
/** stat_rep_days has no organization: its district, type and size are never read (repDayRows). */
const repDayColumns: Columns = { day: sql`d.day`, user: sql`d.representative_id`, district: sql`null`, type: sql`null`, size: sql`null` };
const orderColumns: Columns = {
  day: sql`r.day`,
  user: sql`r.agent_id`,
  district: sql`r.district_id`,
  type: sql`r.organization_type`,
  size: sql`r.organization_size`,
  clientType: sql`r.client_type`,
  status: sql`r.status`,
};
/** The organization's place, type and size, for the reads joined to organizations (alias o). */
const organizationColumns = { district: sql`o.district_id`, type: sql`o.type`, size: sql`coalesce(o.size, '')` };
/** orders read raw (the overdue debt): the order's date and agent, its organization's place, type and size */
const overdueColumns: Columns = { day: sql`r.date`, user: sql`r.agent_id`, ...organizationColumns, clientType: sql`r.client_type`, status: sql`r.status` };
const coverageColumns: Columns = { day: sql`c.day`, user: sql`c.user_id`, ...organizationColumns };

type Row = Record<string, string | number | null> & { key: string | number | null };

/** The whole months inside a period (from a month's first day to a month's last), or null when it holds none. */
export function wholeMonthsOf(q: { from: string; to: string }): { from: string; to: string } | null {
  const from = q.from.endsWith('-01') ? q.from : `${addDays(`${q.from.slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
  const to = addDays(q.to, 1).endsWith('-01') ? q.to : addDays(`${q.to.slice(0, 7)}-01`, -1);
  return from <= to ? { from, to } : null;
}

/**
 * An aggregate's rows for a period: its whole months from the monthly copy, the days before and after them
 * from the daily table — a year reads twelve rows per key instead of 365. A grouping by day or week reads days.
 */
export function statSource(table: 'stat_visits' | 'stat_orders' | 'stat_coverage', q: { from: string; to: string }, grouping: Grouping = null): SQL {
  const months = grouping === 'day' || grouping === 'week' ? null : wholeMonthsOf(q);
  const daily = sql`${sql.identifier(table)}`;
  if (!months) return daily;
  return sql`(select * from ${sql.identifier(`${table}_monthly`)} where day between ${months.from} and ${months.to}
    union all select * from ${daily} where day between ${q.from} and ${q.to} and not day between ${months.from} and ${months.to})`;
}
const n = (v: unknown) => Number(v ?? 0);

/** Totals per key (String(key); 'null' for a row without one). */
export async function totalsBy(db: Db, actor: Actor, q: AnalyticsQuery, grouping: Grouping): Promise<Map<string, AnalyticsTotals>> {
  const out = new Map<string, AnalyticsTotals>();
  const at = (key: unknown) => {
    const k = String(key);
    let t = out.get(k);
    if (!t) out.set(k, (t = emptyTotals()));
    return t;
  };
  const [visits, repDays, orders, overdue, coverage, territory] = await Promise.all([
    visitRows(db, actor, q, grouping),
    repDayRows(db, actor, q, grouping),
    orderRows(db, actor, q, grouping),
    overdueDebtRows(db, actor, q, grouping),
    coverageRows(db, actor, q, grouping),
    territoryRows(db, actor, q, grouping),
  ]);
  for (const r of visits) {
    const t = at(r.key);
    t.visitsPlanned += n(r.planned);
    t.visitsCompleted += n(r.completed);
    t.visitsCancelled += n(r.cancelled);
    t.visitsOverdue += n(r.overdue);
    t.visitsQuestionable += n(r.questionable);
    t.visitSeconds += n(r.visit_seconds);
    t.timedVisits += n(r.timed_visits);
  }
  for (const r of repDays) at(r.key).repDays += n(r.rep_days);
  for (const r of orders) {
    const t = at(r.key);
    t.ordersCount += n(r.orders);
    t.ordersSum += n(r.sum_sale);
    t.shippedSum += n(r.shipped);
    t.deliveredSum += n(r.delivered);
    t.cancelledCount += n(r.cancelled);
    t.cancelledSum += n(r.cancelled_sum);
    t.returnedSum += n(r.returned);
    t.paidSum += n(r.paid);
    t.debtSum += n(r.debt);
  }
  for (const r of overdue) at(r.key).overdueDebtSum += n(r.overdue);
  for (const r of coverage) {
    const t = at(r.key);
    t.organizationsCovered += n(r.covered);
    t.organizationsVisited += n(r.visited);
    t.organizationsOrdering += n(r.ordering);
  }
  for (const r of territory) at(r.key).organizationsTotal += n(r.total);
  return out;
}

function visitRows(db: Db, actor: Actor, q: AnalyticsQuery, grouping: Grouping) {
  const by = keyOf(grouping, visitColumns);
  if (!by) return Promise.resolve([] as Row[]);
  return queryRows<Row>(
    db,
    sql`select ${by.key} as key, sum(v.planned) planned, sum(v.completed) completed, sum(v.cancelled) cancelled, sum(v.overdue) overdue,
      sum(v.questionable) questionable, sum(v.visit_seconds) visit_seconds, sum(v.timed_visits) timed_visits
    from ${statSource('stat_visits', q, grouping)} v ${by.join} where ${where(actor, q, visitColumns)} group by 1`,
  );
}

/**
 * (representative, day) pairs with a visit that was not cancelled. Without a filter or grouping by the
 * organization (region, district, type, size), one row per pair in stat_rep_days; with one, the pairs
 * among the matching stat_visits rows.
 */
function repDayRows(db: Db, actor: Actor, q: AnalyticsQuery, grouping: Grouping) {
  const byOrganization =
    q.regionId ||
    q.districtId ||
    q.organizationType ||
    q.organizationSize ||
    grouping === 'region' ||
    grouping === 'district' ||
    grouping === 'organizationType';
  if (!byOrganization) {
    const by = keyOf(grouping, repDayColumns);
    if (!by) return Promise.resolve([] as Row[]);
    return queryRows<Row>(
      db,
      sql`select ${by.key} as key, count(*) rep_days from stat_rep_days d ${by.join} where ${where(actor, q, repDayColumns)} and d.active_rows > 0 group by 1`,
    );
  }
  const by = keyOf(grouping, visitColumns);
  if (!by) return Promise.resolve([] as Row[]);
  return queryRows<Row>(
    db,
    sql`select ${by.key} as key,
      -- (representative, day) pairs as one integer: a distinct of integers, not of row values (7× faster)
      count(distinct (v.representative_id::bigint << 20) + (v.day - date '2000-01-01')) filter (where v.planned > v.cancelled) rep_days
    from stat_visits v ${by.join} where ${where(actor, q, visitColumns)} group by 1`,
  );
}

function orderRows(db: Db, actor: Actor, q: AnalyticsQuery, grouping: Grouping) {
  const by = keyOf(grouping, orderColumns);
  if (!by) return Promise.resolve([] as Row[]);
  return queryRows<Row>(
    db,
    sql`select ${by.key} as key,
      sum(r.orders) filter (where r.status <> 'cancelled') orders,
      sum(r.sum_sale) filter (where r.status <> 'cancelled') sum_sale,
      sum(r.sum_sale) filter (where r.status in (${list(shippedOrderStatuses)})) shipped,
      sum(r.sum_sale) filter (where r.status in (${list(deliveredOrderStatuses)})) delivered,
      sum(r.orders) filter (where r.status = 'cancelled') cancelled,
      sum(r.sum_sale) filter (where r.status = 'cancelled') cancelled_sum,
      sum(r.returned) returned,
      sum(r.paid) filter (where r.status <> 'cancelled') paid,
      sum(r.owed) filter (where r.status in (${list(debtOrderStatuses)})) debt
    from ${statSource('stat_orders', q, grouping)} r ${by.join} where ${where(actor, q, orderColumns)} group by 1`,
  );
}

/**
 * Of the period's debt, what is overdue today (the credit rules' ageDebt: delivered more than the client's
 * deferral days ago, from the order's 'delivered' step). Age changes every day, so no aggregate can hold it:
 * it reads the period's delivered orders still owing (orders_status_date_idx), a small part of the orders.
 */
function overdueDebtRows(db: Db, actor: Actor, q: AnalyticsQuery, grouping: Grouping) {
  const by = keyOf(grouping, overdueColumns);
  if (!by) return Promise.resolve([] as Row[]);
  return queryRows<Row>(
    db,
    sql`select ${by.key} as key, sum(r.sum_sale - r.paid) overdue
    from orders r join organizations o on o.id = r.organization_id ${by.join}
    where ${and(
      sql`r.status in (${list(debtOrderStatuses)}) and r.sum_sale > r.paid`,
      where(actor, q, overdueColumns),
      overdueSince(deliveredAtOf(sql`r.id`, sql`r.updated_at`), sql`o.credit_days`, businessDate()),
    )}
    group by 1`,
  );
}

/** Organizations of the territory with a completed visit or an order in the period, counted once per key. */
function coverageRows(db: Db, actor: Actor, q: AnalyticsQuery, grouping: Grouping) {
  const by = keyOf(grouping, coverageColumns);
  if (!by || grouping === 'clientType' || grouping === 'orderStatus') return Promise.resolve([] as Row[]);
  return queryRows<Row>(
    db,
    sql`select key, count(*) filter (where vis > 0 or ord > 0) covered, count(*) filter (where vis > 0) visited, count(*) filter (where ord > 0) ordering
    from (
      select ${by.key} as key, c.organization_id, sum(c.visits) vis, sum(c.orders) ord
      from ${statSource('stat_coverage', q, grouping)} c join organizations o on o.id = c.organization_id ${by.join}
      where ${and(where(actor, q, coverageColumns), territoryOf(actor, q))}
      group by 1, 2
    ) x group by key`,
  );
}

/** The organizations a coverage is measured against: the viewer's territory, narrowed to a representative's or a team's. */
export function territoryOf(actor: Actor, q: AnalyticsQuery): SQL | undefined {
  return and(
    inTerritory(actor, sql`o.district_id`),
    q.representativeId ? inTerritory({ id: q.representativeId, scope: 'own' }, sql`o.district_id`) : undefined,
    q.teamId ? inTerritory({ id: q.teamId, scope: 'team' }, sql`o.district_id`) : undefined,
    q.regionId ? sql`o.region_id = ${q.regionId}` : undefined,
    q.districtId ? sql`o.district_id = ${q.districtId}` : undefined,
    q.organizationType ? sql`o.type = ${q.organizationType}` : undefined,
    q.organizationSize ? sql`o.size = ${q.organizationSize}` : undefined,
  );
}

/** The territory's organizations per key: by region, district or type as they are; per representative, those of each one's territory. */
function territoryRows(db: Db, actor: Actor, q: AnalyticsQuery, grouping: Grouping) {
  switch (grouping) {
    case null:
    case 'day':
    case 'week':
    case 'month':
    case 'region':
    case 'district':
    case 'organizationType': {
      const key = { region: sql`o.region_id`, district: sql`o.district_id`, organizationType: sql`o.type` }[grouping as string] ?? sql`'all'`;
      return queryRows<Row>(db, sql`select ${key} as key, count(*) total from organizations o where ${territoryOf(actor, q) ?? sql`true`} group by 1`).then(
        (rows) =>
          // a trend's every bucket is measured against the same territory
          grouping === 'day' || grouping === 'week' || grouping === 'month' ? [] : rows,
      );
    }
    case 'representative':
      return queryRows<Row>(
        db,
        sql`select ut.user_id as key, count(distinct o.id) total
        from user_territories ut join organizations o on o.region_id = ut.region_id and (ut.district_id is null or ut.district_id = o.district_id)
        where ${and(inScope(actor, sql`ut.user_id`), q.representativeId ? sql`ut.user_id = ${q.representativeId}` : undefined, q.teamId ? sql`ut.user_id in (${teamOf(q.teamId)})` : undefined, territoryOf(actor, q)) ?? sql`true`}
        group by 1`,
      );
    default:
      return Promise.resolve([] as Row[]);
  }
}

/** The territory's organization count, for a trend's buckets. */
export async function territoryTotal(db: Db, actor: Actor, q: AnalyticsQuery): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*) total from organizations o where ${territoryOf(actor, q) ?? sql`true`}`);
  return n(row?.total);
}
