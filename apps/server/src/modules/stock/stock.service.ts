import { and, asc, count, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  bpToPercent,
  businessDate,
  daysToExpiry,
  earliestUsableExpiry,
  freeBalance,
  shortDatedUntil,
  stockState,
  type Batch,
  type Paged,
  type StockByProductRow,
  type StockByWarehouseRow,
  type StockState,
  type listBatchesQuery,
  type listResiduesQuery,
  type listShortDatedQuery,
  type listStockByProductQuery,
  isShortDated,
} from '@pharma/contracts';
import type { z } from 'zod';
import { queryRows, type Db, type Tx } from '../../db/client.js';

import { notFound } from '../../platform/errors.js';

import { offsetOf, orderBy } from '../../platform/paging.js';

import type { ExportRows } from '../../platform/xlsx.js';
import { products, producers } from '../catalog/catalog.table.js';
import { productSearchCondition } from '../catalog/catalog.service.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { incomes } from '../incomes/incomes.table.js';

import { shortDatedDays } from '../pricing/pricing.service.js';
import { batches } from './stock.table.js';

/** Today (Tashkent) and the short-dated horizon: what every stock row's state depends on. */
export interface StockContext {
  today: string;
  shortDatedDays: number;
}

export async function stockContext(db: Db, now: Date): Promise<StockContext> {
  return { today: businessDate(now), shortDatedDays: await shortDatedDays(db) };
}

// ---------------------------------------------------------------- the SQL side of contracts' stock rules

/** FEFO's order in SQL: the first to expire, then the oldest id (`compareFefo` in contracts is the same rule). */
export const fefoOrder = [asc(batches.expiryDate), asc(batches.id)] as const;

/** Reservable (stock.ts `isReservable`): available and at least `minShelfLifeDays` before expiry. */
export const reservableCondition = (today: string, minShelfLifeDays = 0) =>
  and(eq(batches.status, 'available'), gte(batches.expiryDate, earliestUsableExpiry(today, minShelfLifeDays)))!;

/** Rows whose `stockState()` is `state`. */
export function stateCondition(state: StockState, ctx: StockContext): SQL {
  const earliest = earliestUsableExpiry(ctx.today);
  const shortUntil = shortDatedUntil(ctx.today, ctx.shortDatedDays);
  switch (state) {
    case 'recalled':
    case 'quarantine':
      return eq(batches.status, state);
    case 'expired':
      return and(eq(batches.status, 'available'), lt(batches.expiryDate, earliest))!;
    case 'shortDated':
      return and(eq(batches.status, 'available'), gte(batches.expiryDate, earliest), lte(batches.expiryDate, shortUntil))!;
    case 'ok':
      return and(eq(batches.status, 'available'), gt(batches.expiryDate, shortUntil))!;
  }
}

export const hasFree = sql`${batches.onHand} > ${batches.reserved}`;

// ---------------------------------------------------------------- batch rows

const batchColumns = {
  id: batches.id,
  productId: batches.productId,
  productName: products.name,
  producerName: producers.name,
  country: products.country,
  unit: products.unit,
  barcode: products.barcode,
  warehouseId: batches.warehouseId,
  warehouseName: warehouses.name,
  incomeId: batches.incomeId,
  incomeNumber: incomes.number,
  receivedOn: batches.receivedOn,
  series: batches.series,
  serialNumber: batches.serialNumber,
  expiryDate: batches.expiryDate,
  receivedQuantity: batches.receivedQuantity,
  onHand: batches.onHand,
  reserved: batches.reserved,
  status: batches.status,
  statusReason: batches.statusReason,
  basePrice: batches.basePrice,
  basePriceWithVat: batches.basePriceWithVat,
  vatBp: batches.vatBp,
  markupBp: batches.markupBp,
  salePrice: batches.salePrice,
  version: batches.version,
};

export const selectBatches = (db: Db) =>
  db
    .select(batchColumns)
    .from(batches)
    .innerJoin(products, eq(products.id, batches.productId))
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(warehouses, eq(warehouses.id, batches.warehouseId))
    .innerJoin(incomes, eq(incomes.id, batches.incomeId));

type BatchRow = Awaited<ReturnType<typeof selectBatches>>[number];

export function toBatch(row: BatchRow, ctx: StockContext): Batch {
  const { vatBp, markupBp, ...rest } = row;
  return {
    ...rest,
    free: freeBalance(row),
    daysToExpiry: daysToExpiry(row.expiryDate, ctx.today),
    state: stockState(row, ctx.today, ctx.shortDatedDays),
    vatPercent: bpToPercent(vatBp),
    markupPercent: bpToPercent(markupBp),
  };
}

const batchSort = {
  expiryDate: batches.expiryDate,
  productName: products.name,
  free: sql`${batches.onHand} - ${batches.reserved}`,
  onHand: batches.onHand,
  receivedOn: batches.receivedOn,
  series: batches.series,
};

const productFilters = (q: { producerId?: number; categoryId?: number; q?: string }) => [
  q.producerId ? eq(products.producerId, q.producerId) : undefined,
  q.categoryId ? or(eq(products.categoryId, q.categoryId), eq(products.subcategoryId, q.categoryId)) : undefined,
  q.q ? or(productSearchCondition(q.q), sql`${batches.series} ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`) : undefined,
];

function batchConditions(query: z.output<typeof listBatchesQuery>, ctx: StockContext): SQL | undefined {
  return and(
    query.productId ? eq(batches.productId, query.productId) : undefined,
    query.warehouseId ? eq(batches.warehouseId, query.warehouseId) : undefined,
    query.incomeId ? eq(batches.incomeId, query.incomeId) : undefined,
    query.state ? stateCondition(query.state, ctx) : undefined,
    query.status ? eq(batches.status, query.status) : undefined,
    query.onlyFree ? hasFree : undefined,
    query.expiryFrom ? gte(batches.expiryDate, query.expiryFrom) : undefined,
    query.expiryTo ? lte(batches.expiryDate, query.expiryTo) : undefined,
    ...productFilters(query),
  );
}

async function pageOfBatches(db: Db, where: SQL | undefined, sortBy: SQL[], page: { page: number; size: number }, ctx: StockContext): Promise<Paged<Batch>> {
  const [rows, [totalRow]] = await Promise.all([
    selectBatches(db)
      .where(where)
      .orderBy(...sortBy)
      .limit(page.size)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(batches).innerJoin(products, eq(products.id, batches.productId)).where(where),
  ]);
  return { items: rows.map((r) => toBatch(r, ctx)), total: totalRow?.total ?? 0, page: page.page, size: page.size };
}

/** Stock by batch (and the /editable list): every batch with balances, state, prices. */
export async function listBatches(db: Db, query: z.output<typeof listBatchesQuery>, now: Date): Promise<Paged<Batch>> {
  const ctx = await stockContext(db, now);
  return pageOfBatches(db, batchConditions(query, ctx), orderBy(query.sort, batchSort, 'expiryDate', batches.id), query, ctx);
}

/** The whole filtered batch list (for the .xlsx export). */
/** The filtered batches for an export: how many, then page by page in the list's order. */
export async function batchesForExport(db: Db, query: z.output<typeof listBatchesQuery>, now: Date): Promise<ExportRows<Batch>> {
  const ctx = await stockContext(db, now);
  const where = batchConditions(query, ctx);
  return {
    count: async () => (await db.select({ total: count() }).from(batches).innerJoin(products, eq(products.id, batches.productId)).where(where))[0]?.total ?? 0,
    page: async (offset, limit) =>
      (
        await selectBatches(db)
          .where(where)
          .orderBy(...orderBy(query.sort, batchSort, 'expiryDate', batches.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => toBatch(r, ctx)),
  };
}

export async function getBatch(db: Db, id: number, now: Date): Promise<Batch> {
  const ctx = await stockContext(db, now);
  const [row] = await selectBatches(db).where(eq(batches.id, id));
  if (!row) throw notFound();
  return toBatch(row, ctx);
}

/** /residues-drugs: reservable batches with a free balance, by product then earliest expiry. */
export async function listResidues(db: Db, query: z.output<typeof listResiduesQuery>, now: Date): Promise<Paged<Batch>> {
  const ctx = await stockContext(db, now);
  const where = and(
    reservableCondition(ctx.today, query.minShelfLifeDays ?? 0),
    hasFree,
    query.productId ? eq(batches.productId, query.productId) : undefined,
    query.warehouseId ? eq(batches.warehouseId, query.warehouseId) : undefined,
    ...productFilters(query),
  );
  const sortBy =
    query.sort?.replace(/^-/, '') === 'expiryDate'
      ? orderBy(query.sort, batchSort, 'expiryDate', batches.id)
      : [asc(products.name), asc(batches.expiryDate), asc(batches.id)];
  return pageOfBatches(db, where, sortBy, query, ctx);
}

/**
 * What reps should offer first: reservable, free, expiring within `days` (the setting by default), earliest first.
 * `products` narrows it to some products (the desktop: those a manager's team sells).
 */
export async function listShortDated(db: Db, query: z.output<typeof listShortDatedQuery>, now: Date, products?: SQL): Promise<Paged<Batch>> {
  const base = await stockContext(db, now);
  const ctx = { ...base, shortDatedDays: query.days ?? base.shortDatedDays };
  const where = and(
    stateCondition('shortDated', ctx),
    hasFree,
    query.warehouseId ? eq(batches.warehouseId, query.warehouseId) : undefined,
    products ? sql`${batches.productId} in (${products})` : undefined,
    ...productFilters(query),
  );
  return pageOfBatches(db, where, orderBy(query.sort, batchSort, 'expiryDate', batches.id), query, base);
}

// ---------------------------------------------------------------- aggregates

export async function stockByProduct(db: Db, query: z.output<typeof listStockByProductQuery>, now: Date): Promise<Paged<StockByProductRow>> {
  const ctx = await stockContext(db, now);
  const earliest = earliestUsableExpiry(ctx.today);
  const shortUntil = shortDatedUntil(ctx.today, ctx.shortDatedDays);
  const reservable = sql`b.status = 'available' and b.expiry_date >= ${earliest}`;
  const where = sql.join(
    [
      sql`b.on_hand > 0`,
      query.warehouseId ? sql`b.warehouse_id = ${query.warehouseId}` : undefined,
      query.producerId ? sql`p.producer_id = ${query.producerId}` : undefined,
      query.categoryId ? sql`(p.category_id = ${query.categoryId} or p.subcategory_id = ${query.categoryId})` : undefined,
      query.q ? sql`p.id in (select ${products.id} from ${products} where ${productSearchCondition(query.q)})` : undefined,
    ].filter((c): c is SQL => !!c),
    sql` and `,
  );
  const having = query.onlyAvailable ? sql`having sum(b.on_hand - b.reserved) filter (where ${reservable}) > 0` : sql``;
  const grouped = sql`from batches b join products p on p.id = b.product_id join producers pr on pr.id = p.producer_id
    where ${where} group by p.id, pr.name ${having}`;
  const sortKey = (query.sort ?? 'productName').replace(/^-/, '');
  const direction = query.sort?.startsWith('-') ? sql`desc` : sql`asc`;
  const sortColumn = sortKey === 'free' ? sql`"free"` : sortKey === 'onHand' ? sql`"onHand"` : sortKey === 'nearestExpiry' ? sql`"nearestExpiry"` : sql`p.name`;
  const [rows, [totalRow]] = await Promise.all([
    queryRows<Omit<StockByProductRow, 'shortDated'>>(
      db,
      sql`select p.id as "productId", p.name as "productName", pr.name as "producerName", p.country, p.unit, p.barcode,
          count(*)::int as "batchCount",
          sum(b.on_hand)::bigint as "onHand",
          sum(b.reserved)::bigint as "reserved",
          coalesce(sum(b.on_hand - b.reserved) filter (where ${reservable}), 0)::bigint as "free",
          coalesce(sum(b.on_hand - b.reserved) filter (where ${reservable} and b.expiry_date <= ${shortUntil}), 0)::bigint as "shortDatedFree",
          coalesce(sum(b.on_hand) filter (where b.status = 'available' and b.expiry_date < ${earliest}), 0)::bigint as "expiredOnHand",
          coalesce(sum(b.on_hand) filter (where b.status <> 'available'), 0)::bigint as "blockedOnHand",
          min(b.expiry_date) filter (where ${reservable} and b.on_hand > b.reserved) as "nearestExpiry"
        ${grouped}
        order by ${sortColumn} ${direction} nulls last, p.id ${direction}
        limit ${query.size} offset ${offsetOf(query)}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (select p.id ${grouped}) t`),
  ]);
  return {
    items: rows.map((r) => ({ ...r, shortDated: !!r.nearestExpiry && isShortDated(r.nearestExpiry, ctx.today, ctx.shortDatedDays) })),
    total: totalRow?.total ?? 0,
    page: query.page,
    size: query.size,
  };
}

/** Free reservable units per product now (what `reserve` could take for a client asking `minShelfLifeDays`). */
export async function freeStockOf(db: Db, productIds: number[], now: Date, minShelfLifeDays = 0): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: batches.productId, free: sql<number>`sum(${batches.onHand} - ${batches.reserved})::bigint` })
    .from(batches)
    .where(and(inArray(batches.productId, productIds), reservableCondition(businessDate(now), minShelfLifeDays), hasFree))
    .groupBy(batches.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.free)]));
}

/**
 * Why a reservation under a client's minimum shelf life comes from farther away: for each batch taken,
 * the warehouse of the nearest batch of the same product that FEFO would have taken without that
 * minimum (free, reservable, expiring earlier, too soon for the client) when it is another warehouse.
 */
export async function nearerWarehouseLeftOut(
  db: Db,
  taken: readonly { batchId: number; productId: number; warehouseId: number; expiryDate: string }[],
  now: Date,
  minShelfLifeDays: number,
): Promise<Map<number, string>> {
  const left = new Map<number, string>();
  if (!taken.length || minShelfLifeDays <= 0) return left;
  const today = businessDate(now);
  const nearer = await db
    .select({ productId: batches.productId, warehouseId: batches.warehouseId, warehouseName: warehouses.name, expiryDate: batches.expiryDate })
    .from(batches)
    .innerJoin(warehouses, eq(warehouses.id, batches.warehouseId))
    .where(
      and(
        inArray(batches.productId, [...new Set(taken.map((b) => b.productId))]),
        reservableCondition(today),
        lt(batches.expiryDate, earliestUsableExpiry(today, minShelfLifeDays)),
        hasFree,
      ),
    )
    .orderBy(...fefoOrder);
  for (const b of taken) {
    const first = nearer.find((n) => n.productId === b.productId && n.expiryDate < b.expiryDate);
    if (first && first.warehouseId !== b.warehouseId) left.set(b.batchId, first.warehouseName);
  }
  return left;
}

export async function stockByWarehouse(db: Db, now: Date): Promise<StockByWarehouseRow[]> {
  const ctx = await stockContext(db, now);
  const earliest = earliestUsableExpiry(ctx.today);
  const shortUntil = shortDatedUntil(ctx.today, ctx.shortDatedDays);
  const reservable = sql`b.status = 'available' and b.expiry_date >= ${earliest}`;
  return queryRows<StockByWarehouseRow>(
    db,
    sql`select w.id as "warehouseId", w.name as "warehouseName",
        count(distinct b.product_id)::int as "productCount",
        count(b.id)::int as "batchCount",
        coalesce(sum(b.on_hand), 0)::bigint as "onHand",
        coalesce(sum(b.reserved), 0)::bigint as "reserved",
        coalesce(sum(b.on_hand - b.reserved) filter (where ${reservable}), 0)::bigint as "free",
        coalesce(sum(b.on_hand - b.reserved) filter (where ${reservable} and b.expiry_date <= ${shortUntil}), 0)::bigint as "shortDatedFree",
        coalesce(sum(b.on_hand) filter (where b.status = 'available' and b.expiry_date < ${earliest}), 0)::bigint as "expiredOnHand",
        coalesce(sum(b.on_hand) filter (where b.status <> 'available'), 0)::bigint as "blockedOnHand",
        coalesce(sum(b.on_hand::bigint * b.base_price_with_vat), 0)::bigint as "valueBaseWithVat"
      from warehouses w left join batches b on b.warehouse_id = w.id and b.on_hand > 0
      group by w.id order by w.name`,
  );
}

// ---------------------------------------------------------------- quarantine, recall

export type BatchStatusAction = 'quarantine' | 'recall' | 'releaseQuarantine';

export interface ReceivedLine {
  productId: number;
  series: string;
  serialNumber: string | null;
  expiryDate: string;
  quantity: number;
  basePrice: number;
  vatBp: number;
  basePriceWithVat: number;
  markupBp: number;
  salePrice: number;
}

/** Brings an income's lines in as batches (inside the income's transaction). */
export async function receiveBatches(tx: Tx, income: { id: number; warehouseId: number; date: string }, lines: ReceivedLine[]) {
  for (let i = 0; i < lines.length; i += 500) {
    await tx.insert(batches).values(
      lines.slice(i, i + 500).map((l) => ({
        productId: l.productId,
        warehouseId: income.warehouseId,
        incomeId: income.id,
        receivedOn: income.date,
        series: l.series,
        serialNumber: l.serialNumber,
        expiryDate: l.expiryDate,
        receivedQuantity: l.quantity,
        onHand: l.quantity,
        basePrice: l.basePrice,
        vatBp: l.vatBp,
        basePriceWithVat: l.basePriceWithVat,
        markupBp: l.markupBp,
        salePrice: l.salePrice,
      })),
    );
  }
}

/** Quantities that came back (a partial delivery, a refusal) go back on their batches: atomic increments, the stock's own counters. */
export async function returnToBatches(tx: Tx, lines: readonly { batchId: number; quantity: number }[]) {
  for (const line of lines)
    if (line.quantity > 0)
      await tx
        .update(batches)
        .set({ onHand: sql`${batches.onHand} + ${line.quantity}` })
        .where(eq(batches.id, line.batchId));
}
