import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  bpToPercent,
  businessDate,
  freeBalance,
  percentToBp,
  pricePosition,
  priceTotals,
  searchKey,
  stockState,
  type CreateIncomeBody,
  type Income,
  type IncomeDetail,
  type IncomeLine,
  type Paged,
  type allProjectionQuery,
  type listIncomesQuery,
} from '@pharma/contracts';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { likePattern, offsetOf } from '../../platform/paging.js';
import { isoInstant } from '../../platform/sql.js';

import { products, producers } from '../catalog/catalog.table.js';
import { productFacts } from '../catalog/catalog.service.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { warehouseFacts } from '../warehouses/warehouses.service.js';
import { users } from '../users/users.table.js';
import { batches } from '../stock/stock.table.js';
import { receiveBatches, stockContext, type StockContext } from '../stock/stock.service.js';
import { incomes } from './incomes.table.js';

/**
 * An income line is a batch: the income writes its lines only through
 * stock.service (receiveBatches) and reads them back joined to its documents.
 */

// ---------------------------------------------------------------- create

export async function createIncome(db: Db, actor: Actor, input: CreateIncomeBody, now = new Date()): Promise<IncomeDetail> {
  if (input.date > businessDate(now)) throw fieldError('VALIDATION_FAILED', 'date', 'dateInFuture');
  const fields: Record<string, string> = {};
  const [warehouse] = [...(await warehouseFacts(db, [input.warehouseId])).values()];
  if (!warehouse?.active) fields.warehouseId = 'invalidOption';
  const known = await productFacts(db, [...new Set(input.lines.map((l) => l.productId))]);
  input.lines.forEach((l, i) => {
    if (!known.get(l.productId)?.active) fields[`lines.${i}.productId`] = 'invalidOption';
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { fields });

  const lines = input.lines.map((l) => {
    const vatPercent = l.vatPercent ?? input.vatPercent;
    const markupPercent = l.markupPercent ?? input.markupPercent;
    const priced = pricePosition({ basePrice: l.basePrice, quantity: l.quantity, vatPercent, markupPercent });
    return {
      productId: l.productId,
      series: l.series,
      serialNumber: l.serialNumber ?? null,
      expiryDate: l.expiryDate,
      quantity: l.quantity,
      basePrice: l.basePrice,
      vatBp: percentToBp(vatPercent),
      basePriceWithVat: priced.basePriceWithVat,
      markupBp: percentToBp(markupPercent),
      salePrice: priced.salePrice,
      priced,
    };
  });
  const totals = priceTotals(lines.map((l) => l.priced));

  const id = await db.transaction(async (tx) => {
    const [next] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('incomes', 'id'))::int as id`);
    const incomeId = next!.id;
    const number = `ПР-${String(incomeId).padStart(6, '0')}`;
    const header = {
      id: incomeId,
      number,
      date: input.date,
      warehouseId: input.warehouseId,
      supplier: input.supplier,
      supplierInvoice: input.supplierInvoice ?? null,
      comment: input.comment ?? null,
      vatBp: percentToBp(input.vatPercent),
      markupBp: percentToBp(input.markupPercent),
      lineCount: lines.length,
      quantity: totals.quantity,
      sumBase: totals.sumBase,
      sumBaseWithVat: totals.sumBaseWithVat,
      sumSale: totals.sumSale,
      searchKey: searchKey([number, input.supplier, input.supplierInvoice ?? ''].join(' ')),
      createdBy: actor.id,
      createdAt: now,
    };
    await tx.insert(incomes).values(header);
    await receiveBatches(tx, { id: incomeId, warehouseId: input.warehouseId, date: input.date }, lines);
    const { searchKey: _key, ...audited } = header;
    await recordAudit(tx, actor, { entity: 'income', entityId: incomeId, action: 'create', after: audited });
    return incomeId;
  });
  return getIncome(db, id, now);
}

// ---------------------------------------------------------------- documents

const incomeColumns = {
  id: incomes.id,
  number: incomes.number,
  date: incomes.date,
  warehouseId: incomes.warehouseId,
  warehouseName: warehouses.name,
  supplier: incomes.supplier,
  supplierInvoice: incomes.supplierInvoice,
  comment: incomes.comment,
  vatBp: incomes.vatBp,
  markupBp: incomes.markupBp,
  lineCount: incomes.lineCount,
  quantity: incomes.quantity,
  sumBase: incomes.sumBase,
  sumBaseWithVat: incomes.sumBaseWithVat,
  sumSale: incomes.sumSale,
  createdById: incomes.createdBy,
  createdByName: users.fullName,
  createdAt: isoInstant(incomes.createdAt),
};

const selectIncomes = (db: Db) =>
  db.select(incomeColumns).from(incomes).innerJoin(warehouses, eq(warehouses.id, incomes.warehouseId)).leftJoin(users, eq(users.id, incomes.createdBy));

const toIncome = ({ vatBp, markupBp, ...row }: Awaited<ReturnType<typeof selectIncomes>>[number]): Income => ({
  ...row,
  vatPercent: bpToPercent(vatBp),
  markupPercent: bpToPercent(markupBp),
});

const incomeSort: Record<string, SQL[]> = {
  date: [sql`${incomes.date}`, sql`${incomes.id}`],
  number: [sql`${incomes.number}`],
  sumSale: [sql`${incomes.sumSale}`, sql`${incomes.id}`],
  createdAt: [sql`${incomes.createdAt}`, sql`${incomes.id}`],
};

/** ORDER BY for a sort parameter ("date", "-date"); an unknown field falls back to the default. */
function sortOf(sort: string | undefined, columns: Record<string, SQL[]>, fallback: string): SQL[] {
  const key = sort?.replace(/^-/, '');
  // an own key only: sort=__proto__ must not find Object.prototype
  const chosen = key && Object.hasOwn(columns, key) ? sort! : fallback;
  const direction = chosen.startsWith('-') ? sql`desc` : sql`asc`;
  return columns[chosen.replace(/^-/, '')]!.map((c) => sql`${c} ${direction}`);
}

export async function listIncomes(db: Db, query: z.output<typeof listIncomesQuery>): Promise<Paged<Income>> {
  const where = and(
    query.from ? gte(incomes.date, query.from) : undefined,
    query.to ? lte(incomes.date, query.to) : undefined,
    query.warehouseId ? eq(incomes.warehouseId, query.warehouseId) : undefined,
    query.productId ? inArray(incomes.id, db.select({ id: batches.incomeId }).from(batches).where(eq(batches.productId, query.productId))) : undefined,
    query.q ? sql`${incomes.searchKey} like ${likePattern(searchKey(query.q))}` : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    selectIncomes(db)
      .where(where)
      .orderBy(...sortOf(query.sort, incomeSort, '-date'))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(incomes).where(where),
  ]);
  return { items: rows.map(toIncome), total: totalRow?.total ?? 0, page: query.page, size: query.size };
}

export async function getIncome(db: Db, id: number, now = new Date()): Promise<IncomeDetail> {
  const [row] = await selectIncomes(db).where(eq(incomes.id, id));
  if (!row) throw notFound();
  const ctx = await stockContext(db, now);
  const lines = await selectLines(db).where(eq(batches.incomeId, id)).orderBy(batches.id);
  return { ...toIncome(row), lines: lines.map((l) => toLine(l, ctx)) };
}

// ---------------------------------------------------------------- lines and the projection

export const lineColumns = {
  batchId: batches.id,
  productId: batches.productId,
  productName: products.name,
  producerName: producers.name,
  country: products.country,
  unit: products.unit,
  barcode: products.barcode,
  series: batches.series,
  serialNumber: batches.serialNumber,
  expiryDate: batches.expiryDate,
  quantity: batches.receivedQuantity,
  basePrice: batches.basePrice,
  vatBp: batches.vatBp,
  basePriceWithVat: batches.basePriceWithVat,
  markupBp: batches.markupBp,
  salePrice: batches.salePrice,
  onHand: batches.onHand,
  reserved: batches.reserved,
  status: batches.status,
};

const selectLines = (db: Db) =>
  db.select(lineColumns).from(batches).innerJoin(products, eq(products.id, batches.productId)).innerJoin(producers, eq(producers.id, products.producerId));

type LineRow = Awaited<ReturnType<typeof selectLines>>[number];

export function toLine({ vatBp, markupBp, ...row }: LineRow, ctx: StockContext): IncomeLine {
  return {
    ...row,
    vatPercent: bpToPercent(vatBp),
    markupPercent: bpToPercent(markupBp),
    // rule 3 of pricing.ts: a line sum is its unit price × quantity
    sumBase: row.basePrice * row.quantity,
    sumBaseWithVat: row.basePriceWithVat * row.quantity,
    sumSale: row.salePrice * row.quantity,
    free: freeBalance(row),
    state: stockState(row, ctx.today, ctx.shortDatedDays),
  };
}

export type ProjectionQuery = z.output<typeof allProjectionQuery>;
