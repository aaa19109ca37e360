import { z } from 'zod';
import { int64, recordId } from './common/validation.js';

/**
 * Pricing of a position (spec §3): base price, base price with VAT, markup %,
 * VAT %, sale price per unit, sum at base price with VAT, sum at sale price.
 * One module, used by the server (incomes, orders, reports) and the web app alike.
 *
 * Money is an integer number of tiyin (1 UZS = 100 tiyin) — never a float.
 * Percentages travel as numbers with at most two decimals (12.5) and are
 * computed as integer basis points (12.5 % = 1250 bp). Every product is done
 * exactly in BigInt and rounded once, so there is no floating-point drift.
 *
 * UZS rounding rules
 * 1. Base price with VAT (per unit) = base price × (1 + VAT %), rounded half up
 *    to a whole tiyin (supplier invoices may carry tiyin).
 * 2. Sale price (per unit) = base price × (1 + markup %) × (1 + VAT %),
 *    computed exactly and rounded once, half up, to a whole sum (a multiple of
 *    100 tiyin): sale prices are quoted in whole sums, tiyin coins being out of
 *    circulation. The markup is never rounded separately from the VAT.
 * 3. Line sums = unit price × quantity, with no further rounding, so a line
 *    always equals what its unit price says; document totals are the sums of
 *    their lines.
 * 4. "Half up" means halves go away from zero (prices are never negative):
 *    11 200.50 → 11 201, 11 200.49 → 11 200.
 * 5. A prepayment = total × prepayment %, rounded half up to a whole sum.
 */

/** Sale prices are rounded to this step (one whole sum). */
export const saleRoundingTiyin = 100;
/** Limits that keep every sum a safe integer: 100 000 000 sum per unit, 100 000 units per line. */
export const maxUnitPriceTiyin = 10_000_000_000;
export const maxLineQuantity = 100_000;
export const maxMarkupPercent = 300;
export const maxVatPercent = 50;
export const maxPrepaymentPercent = 100;
/** VAT in Uzbekistan since 2023. */
export const defaultVatPercent = 12;

export const clientTypes = ['wholesale', 'retail'] as const;
export type ClientType = (typeof clientTypes)[number];
export const clientTypeSchema = z.enum(clientTypes);

// ---------------------------------------------------------------- arithmetic

const BP = 10_000n;

/** n / d rounded half up (away from zero); d > 0. */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`money out of range: ${value}`);
  return n;
}

/** 12.5 → 1250 basis points; refuses more than two decimals. */
export function percentToBp(percent: number): number {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(percent * 100 - bp) > 1e-6) throw new RangeError(`percent with more than two decimals: ${percent}`);
  return bp;
}
export const bpToPercent = (bp: number) => bp / 100;

/** Base price with VAT per unit (rule 1). */
export function basePriceWithVat(basePrice: number, vatPercent: number): number {
  return toSafe(divideHalfUp(BigInt(basePrice) * (BP + BigInt(percentToBp(vatPercent))), BP));
}

/** Sale price per unit (rule 2). */
export function salePrice(basePrice: number, markupPercent: number, vatPercent: number): number {
  const exact = BigInt(basePrice) * (BP + BigInt(percentToBp(markupPercent))) * (BP + BigInt(percentToBp(vatPercent)));
  const step = BigInt(saleRoundingTiyin);
  return toSafe(divideHalfUp(exact, BP * BP * step) * step);
}

/** A whole-sum prepayment of a total (rule 5). */
export function prepaymentAmount(total: number, prepaymentPercent: number): number {
  const step = BigInt(saleRoundingTiyin);
  return toSafe(divideHalfUp(BigInt(total) * BigInt(percentToBp(prepaymentPercent)), BP * step) * step);
}

export interface PriceInput {
  basePrice: number;
  quantity: number;
  markupPercent: number;
  vatPercent: number;
}

export interface PricedPosition extends PriceInput {
  basePriceWithVat: number;
  salePrice: number;
  /** base price × quantity */
  sumBase: number;
  sumBaseWithVat: number;
  sumSale: number;
}

/** Prices one position (rules 1–3). */
export function pricePosition(input: PriceInput): PricedPosition {
  const withVat = basePriceWithVat(input.basePrice, input.vatPercent);
  const sale = salePrice(input.basePrice, input.markupPercent, input.vatPercent);
  const q = BigInt(input.quantity);
  return {
    ...input,
    basePriceWithVat: withVat,
    salePrice: sale,
    sumBase: toSafe(BigInt(input.basePrice) * q),
    sumBaseWithVat: toSafe(BigInt(withVat) * q),
    sumSale: toSafe(BigInt(sale) * q),
  };
}

export interface PriceTotals {
  quantity: number;
  sumBase: number;
  sumBaseWithVat: number;
  sumSale: number;
}

/** Document totals: the sums of the lines (rule 3). */
export function priceTotals(lines: readonly Pick<PricedPosition, 'quantity' | 'sumBase' | 'sumBaseWithVat' | 'sumSale'>[]): PriceTotals {
  let quantity = 0n,
    sumBase = 0n,
    sumBaseWithVat = 0n,
    sumSale = 0n;
  for (const l of lines) {
    quantity += BigInt(l.quantity);
    sumBase += BigInt(l.sumBase);
    sumBaseWithVat += BigInt(l.sumBaseWithVat);
    sumSale += BigInt(l.sumSale);
  }
  return { quantity: toSafe(quantity), sumBase: toSafe(sumBase), sumBaseWithVat: toSafe(sumBaseWithVat), sumSale: toSafe(sumSale) };
}

// ---------------------------------------------------------------- schemas

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A percentage with at most two decimals, 0…max. */
export const percent = (max: number) => z.number().min(0).max(max).refine(twoDecimals, { error: 'percentDecimals' });
/** The same, from a query string. */
export const percentQuery = (max: number) => z.preprocess((v) => (blankToUndefined(v) === undefined ? undefined : Number(v)), percent(max));
/** A unit price in tiyin. */
export const money = int64(0, maxUnitPriceTiyin);
export const moneyQuery = z.preprocess((v) => (blankToUndefined(v) === undefined ? undefined : Number(v)), money);
export const quantity = z.number().int().min(1).max(maxLineQuantity);
export const quantityQuery = z.preprocess((v) => (blankToUndefined(v) === undefined ? undefined : Number(v)), quantity);

/** GET /api/incomes/calculate-sale-prices: one position from query parameters. */
export const calculateSalePriceQuery = z.object({
  basePrice: moneyQuery,
  markupPercent: percentQuery(maxMarkupPercent),
  vatPercent: percentQuery(maxVatPercent),
  quantity: quantityQuery.default(1),
});
export type CalculateSalePriceQuery = z.infer<typeof calculateSalePriceQuery>;

export const priceLineInput = z.object({
  basePrice: money,
  markupPercent: percent(maxMarkupPercent),
  vatPercent: percent(maxVatPercent),
  quantity: quantity.default(1),
});

/** POST /api/incomes/calculate-sale-prices: many positions at once, with totals. */
export const calculateSalePricesBody = z.object({ lines: z.array(priceLineInput).min(1).max(1000) });
export type CalculateSalePricesBody = z.infer<typeof calculateSalePricesBody>;

export const pricedPosition = z.object({
  basePrice: z.number().int(),
  quantity: z.number().int(),
  markupPercent: z.number(),
  vatPercent: z.number(),
  basePriceWithVat: z.number().int(),
  salePrice: z.number().int(),
  sumBase: z.number().int(),
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
});
export const priceTotalsSchema = z.object({
  quantity: z.number().int(),
  sumBase: z.number().int(),
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
});
export const calculatedPrices = z.object({ lines: z.array(pricedPosition), totals: priceTotalsSchema });
export type CalculatedPrices = z.infer<typeof calculatedPrices>;

/** Prices many positions with their totals (what both calculate-sale-prices calls answer). */
export function calculatePrices(lines: readonly PriceInput[]): CalculatedPrices {
  const priced = lines.map(pricePosition);
  return { lines: priced, totals: priceTotals(priced) };
}

// ---------------------------------------------------------------- settings

/**
 * Settings → prepayments and markups: the default markup by client type, the
 * markup of a category (or subcategory) that overrides it, the default
 * prepayment, the VAT rate, and how many days before expiry stock counts as
 * short-dated.
 */
export const categoryMarkup = z.object({
  categoryId: recordId(),
  wholesale: percent(maxMarkupPercent).nullable(),
  retail: percent(maxMarkupPercent).nullable(),
});
export type CategoryMarkup = z.infer<typeof categoryMarkup>;

export const tradeSettings = z.object({
  vatPercent: percent(maxVatPercent),
  markups: z.object({ wholesale: percent(maxMarkupPercent), retail: percent(maxMarkupPercent) }),
  prepaymentPercent: percent(maxPrepaymentPercent),
  shortDatedDays: z.number().int().min(1).max(730),
  categoryMarkups: z.array(categoryMarkup).max(1000),
});
export type TradeSettings = z.infer<typeof tradeSettings>;
export const saveTradeSettingsBody = tradeSettings.refine((v) => new Set(v.categoryMarkups.map((c) => c.categoryId)).size === v.categoryMarkups.length, {
  path: ['categoryMarkups'],
  error: 'duplicate',
});

export const defaultTradeSettings: TradeSettings = {
  vatPercent: defaultVatPercent,
  markups: { wholesale: 10, retail: 20 },
  prepaymentPercent: 0,
  shortDatedDays: 90,
  categoryMarkups: [],
};

/**
 * The markup for a client type and a product: the subcategory's markup if set,
 * else the category's, else the client type's default.
 */
export function resolveMarkup(
  settings: Pick<TradeSettings, 'markups' | 'categoryMarkups'>,
  clientType: ClientType,
  product: { categoryId?: number | null; subcategoryId?: number | null },
): number {
  for (const id of [product.subcategoryId, product.categoryId]) {
    if (!id) continue;
    const value = settings.categoryMarkups.find((c) => c.categoryId === id)?.[clientType];
    if (value !== null && value !== undefined) return value;
  }
  return settings.markups[clientType];
}

/** The VAT contained in an amount that includes it: amount × VAT % / (100 % + VAT %), rounded half up to a tiyin. */
export function vatIncluded(amount: number, vatPercent: number): number {
  const vat = BigInt(percentToBp(vatPercent));
  return toSafe(divideHalfUp(BigInt(amount) * vat, BP + vat));
}
