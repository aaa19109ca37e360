import { z } from 'zod';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, requiredText, recordId, queryInt32, queryId } from './common/validation.js';
import { addDays, calendarDate, dateRangeFields, daysBetween, endNotBeforeStart } from './common/dates.js';
import { countrySchema, unitOfMeasureSchema } from './catalog.js';
import { maxLineQuantity, maxMarkupPercent, maxVatPercent, money, percent } from './pricing.js';

// ---------------------------------------------------------------- expiry: the one definition

/**
 * "Expired", defined once and used everywhere (stock lists, reservation, orders,
 * reports). Dates are business dates in Tashkent (`businessDate()`).
 *
 * - A batch may be sold up to and including its expiry date ("годен до"); from
 *   the next day it is expired: `expiryDate < today`.
 * - A client may require a minimum remaining shelf life of N days: then a batch
 *   qualifies only when `expiryDate >= today + N`. N = 0 is "not expired".
 * - Short-dated: not expired and expiring within `shortDatedDays`
 *   (`expiryDate <= today + shortDatedDays`); highlighted wherever stock is shown.
 *
 * The server turns these into SQL bounds with `earliestUsableExpiry()` and
 * `shortDatedUntil()`, so SQL and code agree by construction.
 */
export function earliestUsableExpiry(today: string, minShelfLifeDays = 0): string {
  return addDays(today, Math.max(0, minShelfLifeDays));
}
export function isExpired(expiryDate: string, today: string): boolean {
  return expiryDate < earliestUsableExpiry(today);
}
export function meetsShelfLife(expiryDate: string, today: string, minShelfLifeDays: number): boolean {
  return expiryDate >= earliestUsableExpiry(today, minShelfLifeDays);
}
/**
 * A client's minimum remaining shelf life in months (the organization's terms) as days from
 * `today`: calendar months, the day clamped to the target month's length (31 Jan + 1 month = 28/29 Feb).
 */
export function shelfLifeMonthsToDays(months: number | null | undefined, today: string): number {
  if (!months || months <= 0) return 0;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const target = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
  return daysBetween(today, target);
}
/** Last expiry date that still counts as short-dated. */
export function shortDatedUntil(today: string, shortDatedDays: number): string {
  return addDays(today, shortDatedDays);
}
export function isShortDated(expiryDate: string, today: string, shortDatedDays: number): boolean {
  return !isExpired(expiryDate, today) && expiryDate <= shortDatedUntil(today, shortDatedDays);
}
/** Days left until the expiry date: 0 on the day itself, negative once expired. */
export const daysToExpiry = (expiryDate: string, today: string) => daysBetween(today, expiryDate);

/** A batch is available, or blocked: in quarantine (can be lifted) or recalled (final). */
export const batchStatuses = ['available', 'quarantine', 'recalled'] as const;
export type BatchStatus = (typeof batchStatuses)[number];
export const batchStatusSchema = z.enum(batchStatuses);

/** What a stock row shows (and the screens colour): the first that applies, in this order. */
export const stockStates = ['recalled', 'quarantine', 'expired', 'shortDated', 'ok'] as const;
export type StockState = (typeof stockStates)[number];
export const stockStateSchema = z.enum(stockStates);

export function stockState(batch: { status: BatchStatus; expiryDate: string }, today: string, shortDatedDays: number): StockState {
  if (batch.status === 'recalled') return 'recalled';
  if (batch.status === 'quarantine') return 'quarantine';
  if (isExpired(batch.expiryDate, today)) return 'expired';
  if (isShortDated(batch.expiryDate, today, shortDatedDays)) return 'shortDated';
  return 'ok';
}

/** Reservable: available status and enough shelf life left (never expired). */
export function isReservable(batch: { status: BatchStatus; expiryDate: string }, today: string, minShelfLifeDays = 0): boolean {
  return batch.status === 'available' && meetsShelfLife(batch.expiryDate, today, minShelfLifeDays);
}

/** Free balance = on hand − reserved, never negative. */
export const freeBalance = (b: { onHand: number; reserved: number }) => Math.max(0, b.onHand - b.reserved);

export interface FefoCandidate {
  id: number;
  expiryDate: string;
  free: number;
}
/**
 * FEFO's order: the batch that expires first, then the oldest id. The server's queries that choose
 * batches order by (expiry_date, id), the same rule (`fefoOrder` in modules/stock).
 */
export const compareFefo = (a: Pick<FefoCandidate, 'id' | 'expiryDate'>, b: Pick<FefoCandidate, 'id' | 'expiryDate'>) =>
  a.expiryDate < b.expiryDate ? -1 : a.expiryDate > b.expiryDate ? 1 : a.id - b.id;

/**
 * First-expiry-first-out's taking, the one implementation: from batches already in FEFO order, takes
 * what each has free until `need` is covered. `left` is what is still missing (the caller may read
 * more batches and go on), `seenFree` the free quantity of every batch looked at.
 */
export function takeFefo<T extends FefoCandidate>(ordered: readonly T[], need: number) {
  const taken: { batch: T; quantity: number }[] = [];
  let left = need;
  let seenFree = 0;
  for (const batch of ordered) {
    seenFree += batch.free;
    const take = Math.min(left, batch.free);
    if (take > 0) {
      taken.push({ batch, quantity: take });
      left -= take;
    }
  }
  return { taken, left, seenFree };
}

/**
 * First-expiry-first-out: takes from the batches that expire first (then the
 * oldest id) until the quantity is covered; [] when there is not enough. The
 * caller passes only reservable batches.
 */
export function planFefo<T extends FefoCandidate>(candidates: readonly T[], quantity: number): { batch: T; quantity: number }[] {
  const { taken, left } = takeFefo([...candidates].sort(compareFefo), quantity);
  return left > 0 ? [] : taken;
}

// ---------------------------------------------------------------- batch rows

const optionalQueryId = queryId().optional();
const queryBool = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/** One batch with its balances: stock by batch, /residues-drugs, short-dated list, /editable. */
export const batch = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  producerName: z.string(),
  country: countrySchema,
  unit: unitOfMeasureSchema,
  barcode: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  incomeId: z.number().int(),
  incomeNumber: z.string(),
  receivedOn: z.string(),
  series: z.string(),
  serialNumber: z.string().nullable(),
  expiryDate: z.string(),
  daysToExpiry: z.number().int(),
  receivedQuantity: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  free: z.number().int(),
  status: batchStatusSchema,
  statusReason: z.string().nullable(),
  state: stockStateSchema,
  /** tiyin per unit */
  basePrice: z.number().int(),
  basePriceWithVat: z.number().int(),
  vatPercent: z.number(),
  markupPercent: z.number(),
  salePrice: z.number().int(),
  /** for /editable: a row edited by someone else meanwhile is refused (CONFLICT) */
  version: z.number().int(),
});
export type Batch = z.infer<typeof batch>;
export const batchList = paged(batch);

export const batchSortFields = ['expiryDate', 'productName', 'free', 'onHand', 'receivedOn', 'series'] as const;

/** Stock by batch. `state` filters by what the row shows; `onlyFree` keeps rows with a free balance. */
export const listBatchesQuery = pageQuery
  .extend({
    productId: optionalQueryId,
    warehouseId: optionalQueryId,
    producerId: optionalQueryId,
    categoryId: optionalQueryId,
    incomeId: optionalQueryId,
    state: stockStateSchema.optional(),
    status: batchStatusSchema.optional(),
    onlyFree: queryBool,
    expiryFrom: calendarDate.optional(),
    expiryTo: calendarDate.optional(),
  })
  .refine((v) => !v.expiryFrom || !v.expiryTo || v.expiryTo >= v.expiryFrom, { path: ['expiryTo'], error: 'endBeforeStart' });
export type ListBatchesQuery = z.input<typeof listBatchesQuery>;

/**
 * /residues-drugs (remainders) and the stock a rep may offer: reservable batches
 * with a free balance, earliest expiry first. An empty page is the
 * "no remains found" state.
 */
export const listResiduesQuery = pageQuery.extend({
  productId: optionalQueryId,
  warehouseId: optionalQueryId,
  producerId: optionalQueryId,
  categoryId: optionalQueryId,
  /** a client's minimum remaining shelf life, in days */
  minShelfLifeDays: queryInt32().min(0).max(3650).optional(),
});

/** The short-dated list: what reps should offer first. `days` defaults to the setting. */
export const listShortDatedQuery = pageQuery.extend({
  warehouseId: optionalQueryId,
  producerId: optionalQueryId,
  categoryId: optionalQueryId,
  days: queryInt32().min(1).max(730).optional(),
});

// ---------------------------------------------------------------- aggregates

export const stockByProductRow = z.object({
  productId: z.number().int(),
  productName: z.string(),
  producerName: z.string(),
  country: countrySchema,
  unit: unitOfMeasureSchema,
  barcode: z.string().nullable(),
  batchCount: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  /** free balance of reservable batches (available, not expired) */
  free: z.number().int(),
  shortDatedFree: z.number().int(),
  expiredOnHand: z.number().int(),
  blockedOnHand: z.number().int(),
  nearestExpiry: z.string().nullable(),
  /** the nearest expiry is short-dated */
  shortDated: z.boolean(),
});
export type StockByProductRow = z.infer<typeof stockByProductRow>;
export const stockByProductSortFields = ['productName', 'free', 'onHand', 'nearestExpiry'] as const;
export const listStockByProductQuery = pageQuery.extend({
  warehouseId: optionalQueryId,
  producerId: optionalQueryId,
  categoryId: optionalQueryId,
  /** only products with a reservable free balance */
  onlyAvailable: queryBool,
});
export const stockByProductList = paged(stockByProductRow);

/**
 * The price list and free stock a rep's phone keeps (issue 16): per product and warehouse, the free
 * reservable balance, its nearest expiry and the sale price of the batch FEFO takes first. At most
 * `maxPriceListRows` rows, by product name (`truncated` says when there were more).
 */
export const priceListRow = z.object({
  productId: z.number().int(),
  productName: z.string(),
  producerName: z.string(),
  barcode: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  free: z.number().int(),
  nearestExpiry: z.string(),
  /** the nearest expiry is short-dated */
  shortDated: z.boolean(),
  /** tiyin per unit, of the batch FEFO takes first */
  salePrice: z.number().int(),
});
export type PriceListRow = z.infer<typeof priceListRow>;
export const maxPriceListRows = 5_000;
export const priceList = z.object({ items: z.array(priceListRow), truncated: z.boolean() });
export type PriceList = z.infer<typeof priceList>;

export const stockByWarehouseRow = z.object({
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  productCount: z.number().int(),
  batchCount: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  free: z.number().int(),
  shortDatedFree: z.number().int(),
  expiredOnHand: z.number().int(),
  blockedOnHand: z.number().int(),
  /** on hand × base price with VAT, tiyin */
  valueBaseWithVat: z.number().int(),
});
export type StockByWarehouseRow = z.infer<typeof stockByWarehouseRow>;

// ---------------------------------------------------------------- quarantine and recall

export const batchReasonBody = z.object({ reason: requiredText(500) });
export type BatchReasonBody = z.infer<typeof batchReasonBody>;

// ---------------------------------------------------------------- write-offs (removed stock)

export const writeOffReasons = ['expired', 'damaged', 'defect', 'recalled', 'lost', 'other'] as const;
export type WriteOffReason = (typeof writeOffReasons)[number];
export const writeOffReasonSchema = z.enum(writeOffReasons);

export const createWriteOffBody = z
  .object({
    batchId: recordId(),
    quantity: z.number().int().min(1).max(maxLineQuantity),
    reason: writeOffReasonSchema,
    comment: optionalText(500),
  })
  .refine((v) => v.reason !== 'other' || !!v.comment, { path: ['comment'], error: 'reasonRequired' });
export type CreateWriteOffBody = z.infer<typeof createWriteOffBody>;

export const writeOff = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  producerName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  series: z.string(),
  expiryDate: z.string(),
  quantity: z.number().int(),
  reason: writeOffReasonSchema,
  comment: z.string().nullable(),
  /** quantity × base price with VAT, tiyin */
  sumBaseWithVat: z.number().int(),
  createdById: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type WriteOff = z.infer<typeof writeOff>;
export const writeOffSortFields = ['createdAt', 'quantity', 'productName'] as const;
export const listWriteOffsQuery = pageQuery
  .extend({
    ...dateRangeFields,
    warehouseId: optionalQueryId,
    productId: optionalQueryId,
    batchId: optionalQueryId,
    createdById: optionalQueryId,
    reason: writeOffReasonSchema.optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export const writeOffList = paged(writeOff);

// ---------------------------------------------------------------- /editable

/** One stock row as edited inline; `version` is what the screen loaded. */
export const editBatchRow = z.object({
  id: recordId(),
  version: recordId(),
  series: requiredText(64),
  serialNumber: optionalText(64),
  expiryDate: calendarDate,
  /** a stock count: may not go below what is reserved */
  onHand: z.number().int().min(0).max(10_000_000),
  basePrice: money,
  vatPercent: percent(maxVatPercent),
  markupPercent: percent(maxMarkupPercent),
});
export type EditBatchRow = z.infer<typeof editBatchRow>;

/** Saves a list of edited rows at once: all of them, or none (per-row field errors). */
export const editBatchesBody = z.object({ rows: z.array(editBatchRow).min(1).max(100) }).superRefine((v, ctx) => {
  const seen = new Set<number>();
  v.rows.forEach((row, i) => {
    if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'id'], message: 'duplicate' });
    seen.add(row.id);
  });
});
export type EditBatchesBody = z.infer<typeof editBatchesBody>;
export const editBatchesResult = z.object({ items: z.array(batch) });
