import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { businessDate, searchKey, type IncomeProjectionRow, type IncomeStatistics, type Paged, type incomeStatisticsQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client.js';

import { likePattern, offsetOf } from '../../platform/paging.js';

import type { ExportRows } from '../../platform/xlsx.js';
import { products, producers } from '../catalog/catalog.table.js';

import { warehouses } from '../warehouses/warehouses.table.js';

import { batches } from '../stock/stock.table.js';
import { stockContext } from '../stock/stock.service.js';
import { incomes } from './incomes.table.js';
import { lineColumns, toLine, type ProjectionQuery } from './incomes.service.js';

/** /incomes/all-projection: every batch of the incomes with its stock, paged and exported; and the income statistics. */
const projectionColumns = {
  ...lineColumns,
  incomeId: batches.incomeId,
  incomeNumber: incomes.number,
  date: batches.receivedOn,
  warehouseId: batches.warehouseId,
  warehouseName: warehouses.name,
  supplier: incomes.supplier,
};

const selectProjection = (db: Db) =>
  db
    .select(projectionColumns)
    .from(batches)
    .innerJoin(incomes, eq(incomes.id, batches.incomeId))
    .innerJoin(products, eq(products.id, batches.productId))
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(warehouses, eq(warehouses.id, batches.warehouseId));

function projectionConditions(db: Db, query: ProjectionQuery) {
  const productWhere = and(
    query.producerId ? eq(products.producerId, query.producerId) : undefined,
    query.q ? sql`${products.searchKey} like ${likePattern(searchKey(query.q))}` : undefined,
  );
  return and(
    query.from ? gte(batches.receivedOn, query.from) : undefined,
    query.to ? lte(batches.receivedOn, query.to) : undefined,
    query.warehouseId ? eq(batches.warehouseId, query.warehouseId) : undefined,
    query.productId ? eq(batches.productId, query.productId) : undefined,
    query.incomeId ? eq(batches.incomeId, query.incomeId) : undefined,
    query.series ? eq(batches.series, query.series) : undefined,
    query.producerId || query.q ? inArray(batches.productId, db.select({ id: products.id }).from(products).where(productWhere)) : undefined,
  );
}

/** The sort in use (field and direction) and the keyset condition after a cursor. */
function projectionOrder(query: ProjectionQuery) {
  const wanted = query.sort ?? '-date';
  const field = wanted.replace(/^-/, '') === 'expiryDate' ? 'expiryDate' : 'date';
  const descending = query.sort ? wanted.startsWith('-') : true;
  const column = field === 'expiryDate' ? batches.expiryDate : batches.receivedOn;
  const direction = descending ? sql`desc` : sql`asc`;
  const order = [sql`${column} ${direction}`, sql`${batches.id} ${direction}`];
  let after: SQL | undefined;
  if (query.after) {
    const [date, id] = query.after.split('.') as [string, string];
    after = descending ? sql`(${column}, ${batches.id}) < (${date}::date, ${Number(id)})` : sql`(${column}, ${batches.id}) > (${date}::date, ${Number(id)})`;
  }
  return {
    order,
    after,
    cursorOf: (row: { date: string; expiryDate: string; batchId: number }) => `${field === 'expiryDate' ? row.expiryDate : row.date}.${row.batchId}`,
  };
}

/**
 * How many rows a projection query has. Every income keeps its line count and
 * every batch is exactly one line of one income (batches are never deleted), so
 * a query filtered only by date, warehouse or income is counted over the
 * incomes (thousands of rows) instead of the batches (millions).
 */
async function projectionTotal(db: Db, query: ProjectionQuery, where: SQL | undefined): Promise<number> {
  const onlyDocumentFilters = !query.productId && !query.producerId && !query.series && !query.q;
  if (onlyDocumentFilters) {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${incomes.lineCount}), 0)::bigint` })
      .from(incomes)
      .where(
        and(
          query.from ? gte(incomes.date, query.from) : undefined,
          query.to ? lte(incomes.date, query.to) : undefined,
          query.warehouseId ? eq(incomes.warehouseId, query.warehouseId) : undefined,
          query.incomeId ? eq(incomes.id, query.incomeId) : undefined,
        ),
      );
    return row?.total ?? 0;
  }
  const [row] = await db.select({ total: count() }).from(batches).where(where);
  return row?.total ?? 0;
}

/**
 * GET /api/incomes/all-projection. Pages with a deferred join: the page's ids
 * come from an index-only walk of (received_on, id) (or the filter's index),
 * and only those 25–100 rows are joined to their documents and products.
 */
export async function incomeProjection(db: Db, query: ProjectionQuery, now = new Date()): Promise<Paged<IncomeProjectionRow> & { nextCursor: string | null }> {
  const where = projectionConditions(db, query);
  const { order, after, cursorOf } = projectionOrder(query);
  const pageIds = db
    .select({ id: batches.id })
    .from(batches)
    .where(and(where, after))
    .orderBy(...order)
    .limit(query.size)
    .offset(after ? 0 : offsetOf(query));
  const [rows, total, ctx] = await Promise.all([
    selectProjection(db)
      .where(inArray(batches.id, pageIds))
      .orderBy(...order),
    projectionTotal(db, query, where),
    stockContext(db, now),
  ]);
  const items = rows.map((r) => ({
    ...toLine(r, ctx),
    incomeId: r.incomeId,
    incomeNumber: r.incomeNumber,
    date: r.date,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    supplier: r.supplier,
  }));
  const last = items.at(-1);
  return { items, total, page: query.page, size: query.size, nextCursor: last && items.length === query.size ? cursorOf(last) : null };
}

/** The whole filtered projection (for the .xlsx export); nothing when over `limit`. */
export async function projectionForExport(db: Db, query: ProjectionQuery, now = new Date()): Promise<ExportRows<IncomeProjectionRow>> {
  const where = projectionConditions(db, query);
  const ctx = await stockContext(db, now);
  return {
    count: () => projectionTotal(db, query, where),
    page: async (offset, limit) =>
      (
        await selectProjection(db)
          .where(where)
          .orderBy(...projectionOrder(query).order)
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        ...toLine(r, ctx),
        incomeId: r.incomeId,
        incomeNumber: r.incomeNumber,
        date: r.date,
        warehouseId: r.warehouseId,
        warehouseName: r.warehouseName,
        supplier: r.supplier,
      })),
  };
}

// ---------------------------------------------------------------- statistics

/** The first day of the month eleven months before `today`: twelve calendar months up to today. */
export function twelveMonthsBefore(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months = y * 12 + (m - 1) - 11;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

/** Received value and quantity by period, producer and warehouse (from the income lines). */
export async function incomeStatistics(db: Db, query: z.output<typeof incomeStatisticsQuery>, now = new Date()): Promise<IncomeStatistics> {
  const to = query.to ?? businessDate(now);
  const from = query.from ?? twelveMonthsBefore(to);
  const where = sql.join(
    [
      sql`b.received_on between ${from}::date and ${to}::date`,
      query.warehouseId ? sql`b.warehouse_id = ${query.warehouseId}` : undefined,
      query.producerId ? sql`p.producer_id = ${query.producerId}` : undefined,
    ].filter((c): c is SQL => !!c),
    sql` and `,
  );
  const figures = sql`sum(b.received_quantity)::bigint as "quantity",
    sum(b.received_quantity::bigint * b.base_price_with_vat)::bigint as "sumBaseWithVat",
    sum(b.received_quantity::bigint * b.sale_price)::bigint as "sumSale"`;
  const source = sql`from batches b join products p on p.id = b.product_id where ${where}`;
  type Figures = { quantity: number; sumBaseWithVat: number; sumSale: number };
  const [totals, byPeriod, byProducer, byWarehouse] = await Promise.all([
    queryRows<Figures & { incomeCount: number; lineCount: number }>(
      db,
      sql`select count(distinct b.income_id)::int as "incomeCount", count(*)::int as "lineCount", ${figures} ${source}`,
    ),
    queryRows<Figures & { period: string; incomeCount: number }>(
      db,
      sql`select to_char(date_trunc(${query.period}, b.received_on::timestamp), 'YYYY-MM-DD') as period, count(distinct b.income_id)::int as "incomeCount", ${figures}
        ${source} group by 1 order by 1`,
    ),
    queryRows<Figures & { producerId: number; producerName: string; country: IncomeStatistics['byProducer'][number]['country'] }>(
      db,
      sql`select pr.id as "producerId", pr.name as "producerName", pr.country, ${figures}
        from batches b join products p on p.id = b.product_id join producers pr on pr.id = p.producer_id where ${where}
        group by pr.id order by "sumBaseWithVat" desc, pr.id`,
    ),
    queryRows<Figures & { warehouseId: number; warehouseName: string }>(
      db,
      sql`select w.id as "warehouseId", w.name as "warehouseName", ${figures}
        from batches b join products p on p.id = b.product_id join warehouses w on w.id = b.warehouse_id where ${where}
        group by w.id order by w.name`,
    ),
  ]);
  const t = totals[0]!;
  return {
    from,
    to,
    period: query.period,
    totals: { incomeCount: t.incomeCount, lineCount: t.lineCount, quantity: t.quantity ?? 0, sumBaseWithVat: t.sumBaseWithVat ?? 0, sumSale: t.sumSale ?? 0 },
    byPeriod,
    byProducer,
    byWarehouse,
  };
}
