import { and, sql } from 'drizzle-orm';
import {
  emptyTotals,
  figuresOf,
  previousPeriod,
  sameLastYear,
  type AnalyticsBreakdown,
  type AnalyticsQuery,
  type AnalyticsSummary,
  type AnalyticsTrend,
  type BreakdownDimension,
  type Language,
  type MonthlySales,
  type SalesDimension,
  type TrendGrain,
} from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope, teamOf } from '../../platform/scope.js';
import { territoryOf, territoryTotal, totalsBy } from './totals.service.js';

const withPeriod = (q: AnalyticsQuery, p: { from: string; to: string }): AnalyticsQuery => ({ ...q, from: p.from, to: p.to });
const totalOf = async (db: Db, actor: Actor, q: AnalyticsQuery) => (await totalsBy(db, actor, q, null)).get('all') ?? emptyTotals();

/** The KPI cards: every measure for the period, the one before and the same one last year. */
export async function analyticsSummary(db: Db, actor: Actor, q: AnalyticsQuery): Promise<AnalyticsSummary> {
  const period = { from: q.from, to: q.to };
  const previous = previousPeriod(period);
  const lastYear = sameLastYear(period);
  const [now, before, yearAgo] = await Promise.all([
    totalOf(db, actor, q),
    totalOf(db, actor, withPeriod(q, previous)),
    totalOf(db, actor, withPeriod(q, lastYear)),
  ]);
  return {
    period,
    figures: figuresOf(now),
    totals: now,
    previous: { period: previous, figures: figuresOf(before) },
    lastYear: { period: lastYear, figures: figuresOf(yearAgo) },
  };
}

/** Every measure per bucket of the period (buckets with nothing are listed too, so a chart's axis has no holes). */
export async function analyticsTrend(db: Db, actor: Actor, q: AnalyticsQuery & { grain: TrendGrain }): Promise<AnalyticsTrend> {
  const [byBucket, territory] = await Promise.all([totalsBy(db, actor, q, q.grain), territoryTotal(db, actor, q)]);
  const buckets = await queryRows<{ bucket: string }>(
    db,
    sql`select to_char(g, 'YYYY-MM-DD') bucket from generate_series(date_trunc(${q.grain}, ${q.from}::date), ${q.to}::date, ${`1 ${q.grain}`}::interval) g`,
  );
  return buckets.map(({ bucket }) => {
    const totals = byBucket.get(bucket) ?? emptyTotals();
    totals.organizationsTotal = territory;
    return { from: bucket, figures: figuresOf(totals) };
  });
}

/** Names of a breakdown's keys in the viewer's language (ids of users, regions, districts, branches). */
async function namesOf(db: Db, by: BreakdownDimension, ids: number[], lng: Language): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const localized = (table: string) => sql`select id, coalesce(name->>${lng}, name->>'ru') as name from ${sql.raw(table)} where id in (${idList})`;
  const statement = {
    representative: sql`select id, full_name as name from users where id in (${idList})`,
    region: localized('regions'),
    district: localized('districts'),
    branch: sql`select id, name from branches where id in (${idList})`,
  }[by as 'representative' | 'region' | 'district' | 'branch'];
  if (!statement) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(db, statement);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

const idDimensions: readonly BreakdownDimension[] = ['representative', 'region', 'district', 'branch'];

/** A report: every measure per row of a dimension, with the previous period's and the totals. */
export async function analyticsBreakdown(db: Db, actor: Actor, q: AnalyticsQuery & { by: BreakdownDimension }, lng: Language): Promise<AnalyticsBreakdown> {
  const period = { from: q.from, to: q.to };
  const previous = previousPeriod(period);
  const [now, before, total, previousTotal] = await Promise.all([
    totalsBy(db, actor, q, q.by),
    totalsBy(db, actor, withPeriod(q, previous), q.by),
    totalOf(db, actor, q),
    totalOf(db, actor, withPeriod(q, previous)),
  ]);
  const isId = idDimensions.includes(q.by);
  const keys = [...now.keys()];
  const names = isId ? await namesOf(db, q.by, keys.filter((k) => k !== 'null').map(Number), lng) : new Map<number, string>();
  const rows = keys.map((k) => {
    const key = k === 'null' ? null : k;
    return {
      key,
      name: key !== null && isId ? (names.get(Number(key)) ?? null) : null,
      figures: figuresOf(now.get(k)!),
      previous: figuresOf(before.get(k) ?? emptyTotals()),
    };
  });
  // months in order; other rows by sales, then completed visits
  rows.sort(
    (a, b) =>
      (q.by === 'month' ? String(a.key).localeCompare(String(b.key)) : 0) ||
      (b.figures.ordersSum ?? 0) - (a.figures.ordersSum ?? 0) ||
      (b.figures.visitsCompleted ?? 0) - (a.figures.visitsCompleted ?? 0) ||
      String(a.name ?? a.key).localeCompare(String(b.name ?? b.key)),
  );
  return { by: q.by, period, previousPeriod: previous, rows, total: figuresOf(total), previousTotal: figuresOf(previousTotal) };
}

type SalesQuery = AnalyticsQuery & { by: SalesDimension; productId?: number; categoryId?: number; producerId?: number };

/**
 * Monthly sales: quantity and sum per product (category, producer) and month, the plan where the matrix has
 * one, and last year's sum — every row, by sum (the export's sheet; the screen asks monthlySalesPage of it).
 */
export async function monthlySales(db: Db, actor: Actor, q: SalesQuery, lng: Language): Promise<MonthlySales> {
  const keyColumn = { product: sql`s.product_id`, category: sql`p.category_id`, producer: sql`p.producer_id` }[q.by];
  // the product and the organization are joined only when a key or a filter reads them (a year is millions of rows)
  const joins = sql.join(
    [
      q.by !== 'product' || q.categoryId || q.producerId ? sql`join products p on p.id = s.product_id` : undefined,
      q.regionId || q.districtId || q.organizationType || q.organizationSize ? sql`join organizations o on o.id = s.organization_id` : undefined,
    ].filter((j) => j !== undefined),
    sql` `,
  );
  const filters = (from: string, to: string) =>
    and(
      // the month's first day as a date, not date_trunc's timestamp: a date compares with the key's month as it is
      sql`s.month between ${`${from.slice(0, 7)}-01`}::date and ${to}::date`,
      inScope(actor, sql`s.agent_id`),
      q.representativeId ? sql`s.agent_id = ${q.representativeId}` : undefined,
      q.teamId ? sql`s.agent_id in (${teamOf(q.teamId)})` : undefined,
      q.branchId ? sql`s.agent_id in (select u.id from users u where u.branch_id = ${q.branchId})` : undefined,
      q.clientType ? sql`s.client_type = ${q.clientType}` : undefined,
      q.regionId ? sql`o.region_id = ${q.regionId}` : undefined,
      q.districtId ? sql`o.district_id = ${q.districtId}` : undefined,
      q.organizationType ? sql`o.type = ${q.organizationType}` : undefined,
      q.organizationSize ? sql`o.size = ${q.organizationSize}` : undefined,
      q.productId ? sql`s.product_id = ${q.productId}` : undefined,
      q.categoryId ? sql`p.category_id = ${q.categoryId}` : undefined,
      q.producerId ? sql`p.producer_id = ${q.producerId}` : undefined,
    );
  const lastYear = sameLastYear({ from: q.from, to: q.to });
  const [facts, previous, plans] = await Promise.all([
    queryRows<{ key: number | null; month: string; quantity: number; sum: number }>(
      db,
      sql`select ${keyColumn} as key, to_char(s.month, 'YYYY-MM-DD') as month, sum(s.quantity) quantity, sum(s.sum_sale) sum
      from stat_sales s ${joins}
      where ${filters(q.from, q.to)} group by 1, 2`,
    ),
    queryRows<{ key: number | null; sum: number }>(
      db,
      sql`select ${keyColumn} as key, sum(s.sum_sale) sum
      from stat_sales s ${joins}
      where ${filters(lastYear.from, lastYear.to)} group by 1`,
    ),
    queryRows<{ key: number | null; month: string; quantity: number }>(
      db,
      sql`select ${{ product: sql`p.id`, category: sql`p.category_id`, producer: sql`p.producer_id` }[q.by]} as key, to_char(op.month, 'YYYY-MM-DD') as month, sum(op.quantity) quantity
      from order_plans op join products p on p.id = op.product_id join organizations o on o.id = op.organization_id
      where ${and(
        sql`op.month between ${`${q.from.slice(0, 7)}-01`}::date and ${q.to}::date`,
        // plans belong to organizations: those of the viewer's territory (a representative's or team's when filtered)
        territoryOf(actor, q),
        q.productId ? sql`p.id = ${q.productId}` : undefined,
        q.categoryId ? sql`p.category_id = ${q.categoryId}` : undefined,
        q.producerId ? sql`p.producer_id = ${q.producerId}` : undefined,
      )}
      group by 1, 2`,
    ),
  ]);
  const months = (
    await queryRows<{ month: string }>(
      db,
      sql`select to_char(g, 'YYYY-MM-DD') as month from generate_series(date_trunc('month', ${q.from}::date), ${q.to}::date, '1 month'::interval) g`,
    )
  ).map((r) => r.month);
  type Cell = { quantity: number; sum: number; plan: number | null };
  const rows = new Map<string, { key: number | null; months: Record<string, Cell>; quantity: number; sum: number; plan: number | null; previousSum: number }>();
  const rowOf = (key: number | null) => {
    const k = String(key);
    let row = rows.get(k);
    if (!row) rows.set(k, (row = { key: key === null ? null : Number(key), months: {}, quantity: 0, sum: 0, plan: null, previousSum: 0 }));
    return row;
  };
  const cellOf = (row: ReturnType<typeof rowOf>, month: string) => (row.months[month] ??= { quantity: 0, sum: 0, plan: null });
  for (const f of facts) {
    const row = rowOf(f.key);
    const cell = cellOf(row, f.month);
    cell.quantity += Number(f.quantity);
    cell.sum += Number(f.sum);
    row.quantity += Number(f.quantity);
    row.sum += Number(f.sum);
  }
  for (const p of plans) {
    const row = rowOf(p.key);
    const cell = cellOf(row, p.month);
    cell.plan = (cell.plan ?? 0) + Number(p.quantity);
    row.plan = (row.plan ?? 0) + Number(p.quantity);
  }
  for (const p of previous) if (rows.has(String(p.key))) rowOf(p.key).previousSum += Number(p.sum);
  const names = await salesNames(
    db,
    q.by,
    [...rows.values()].flatMap((r) => (r.key === null ? [] : [r.key])),
    lng,
  );
  const list = [...rows.values()]
    .map((r) => ({ ...r, name: r.key === null ? null : (names.get(r.key) ?? null) }))
    .sort((a, b) => b.sum - a.sum || String(a.name).localeCompare(String(b.name)));
  const planned = list.some((r) => r.plan !== null);
  const monthTotals: Record<string, Cell> = {};
  for (const r of list) {
    for (const [m, cell] of Object.entries(r.months)) {
      const total = (monthTotals[m] ??= { quantity: 0, sum: 0, plan: null });
      total.quantity += cell.quantity;
      total.sum += cell.sum;
      if (cell.plan !== null) total.plan = (total.plan ?? 0) + cell.plan;
    }
  }
  return {
    by: q.by,
    months,
    rows: list,
    rowCount: list.length,
    page: 1,
    size: list.length,
    total: {
      months: monthTotals,
      quantity: list.reduce((s, r) => s + r.quantity, 0),
      sum: list.reduce((s, r) => s + r.sum, 0),
      plan: planned ? list.reduce((s, r) => s + (r.plan ?? 0), 0) : null,
      previousSum: list.reduce((s, r) => s + r.previousSum, 0),
    },
  };
}

async function salesNames(db: Db, by: SalesDimension, ids: number[], lng: Language): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const statement = {
    product: sql`select p.id, p.name || coalesce(' · ' || pr.name, '') as name from products p left join producers pr on pr.id = p.producer_id where p.id in (${idList})`,
    category: sql`select id, coalesce(name->>${lng}, name->>'ru') as name from categories where id in (${idList})`,
    producer: sql`select id, name from producers where id in (${idList})`,
  }[by];
  const rows = await queryRows<{ id: number; name: string }>(db, statement);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
