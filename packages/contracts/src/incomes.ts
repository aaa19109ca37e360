import { z } from 'zod';
import { pageQuery, paged } from './common/paging.js';
import { maxInt32, optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { calendarDate, dateRangeFields, endNotBeforeStart } from './common/dates.js';
import { countrySchema, unitOfMeasureSchema } from './catalog.js';
import { batchStatusSchema, isExpired, stockStateSchema } from './stock.js';
import { maxMarkupPercent, maxVatPercent, money, percent, quantity } from './pricing.js';

const optionalQueryId = queryId().optional();

// ---------------------------------------------------------------- create

/** One line of a goods receipt; it becomes one batch. VAT and markup default to the document's. */
export const incomeLineInput = z.object({
  productId: recordId(),
  series: requiredText(64),
  serialNumber: optionalText(64),
  expiryDate: calendarDate,
  quantity,
  /** tiyin per unit, without VAT */
  basePrice: money,
  vatPercent: percent(maxVatPercent).nullable().optional(),
  markupPercent: percent(maxMarkupPercent).nullable().optional(),
});
export type IncomeLineInput = z.infer<typeof incomeLineInput>;

/** The same product, series, serial number and expiry may appear once per income (spec §5). */
export const incomeLineKey = (l: Pick<IncomeLineInput, 'productId' | 'series' | 'serialNumber' | 'expiryDate'>) =>
  `${l.productId}|${l.series.trim().toLowerCase()}|${(l.serialNumber ?? '').trim().toLowerCase()}|${l.expiryDate}`;

export const incomeHeaderFields = {
  date: calendarDate,
  warehouseId: recordId(),
  supplier: requiredText(200),
  supplierInvoice: optionalText(64),
  comment: optionalText(1000),
  vatPercent: percent(maxVatPercent),
  markupPercent: percent(maxMarkupPercent),
};

export const createIncomeBody = z.object({ ...incomeHeaderFields, lines: z.array(incomeLineInput).min(1).max(1000) }).superRefine((v, ctx) => {
  const seen = new Set<string>();
  v.lines.forEach((line, i) => {
    // nothing already expired on the day it arrives
    if (calendarDate.safeParse(v.date).success && calendarDate.safeParse(line.expiryDate).success && isExpired(line.expiryDate, v.date)) {
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'expiryDate'], message: 'expiryPassed' });
    }
    const key = incomeLineKey(line);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'productId'], message: 'productTwice' });
    seen.add(key);
  });
});
export type CreateIncomeBody = z.infer<typeof createIncomeBody>;

// ---------------------------------------------------------------- read

export const income = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  supplier: z.string(),
  supplierInvoice: z.string().nullable(),
  comment: z.string().nullable(),
  vatPercent: z.number(),
  markupPercent: z.number(),
  lineCount: z.number().int(),
  quantity: z.number().int(),
  sumBase: z.number().int(),
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
  createdById: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Income = z.infer<typeof income>;

/** A received position (= a batch) with its prices, sums and today's balances. */
export const incomeLine = z.object({
  batchId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  producerName: z.string(),
  country: countrySchema,
  unit: unitOfMeasureSchema,
  barcode: z.string().nullable(),
  series: z.string(),
  serialNumber: z.string().nullable(),
  expiryDate: z.string(),
  quantity: z.number().int(),
  basePrice: z.number().int(),
  vatPercent: z.number(),
  basePriceWithVat: z.number().int(),
  markupPercent: z.number(),
  salePrice: z.number().int(),
  sumBase: z.number().int(),
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  free: z.number().int(),
  status: batchStatusSchema,
  state: stockStateSchema,
});
export type IncomeLine = z.infer<typeof incomeLine>;

export const incomeDetail = income.extend({ lines: z.array(incomeLine) });
export type IncomeDetail = z.infer<typeof incomeDetail>;

export const incomeSortFields = ['date', 'number', 'sumSale', 'createdAt'] as const;
export const listIncomesQuery = pageQuery
  .extend({ ...dateRangeFields, warehouseId: optionalQueryId, productId: optionalQueryId })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export const incomeList = paged(income);

/** GET /api/incomes/all-projection: every received position with its document. */
export const incomeProjectionRow = incomeLine.extend({
  incomeId: z.number().int(),
  incomeNumber: z.string(),
  date: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  supplier: z.string(),
});
export type IncomeProjectionRow = z.infer<typeof incomeProjectionRow>;
export const incomeProjectionSortFields = ['date', 'expiryDate'] as const;
/** Keyset position after a row: its sort date and id ("2026-05-01.12345"); `nextCursor` of the previous page. */
export const projectionCursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}$/, { error: 'invalid' })
  // a real date and a batch id that fits its column (decision 034)
  .refine((v) => calendarDate.safeParse(v.slice(0, 10)).success && Number(v.slice(11)) <= maxInt32, { error: 'invalid' });
/**
 * `q` searches the product (name, producer, barcode; any script). Paging: `page`
 * for the first pages, or `after` = the previous page's `nextCursor` to walk on
 * at the same speed however deep (then `page` is ignored).
 */
export const allProjectionQuery = pageQuery
  .extend({
    ...dateRangeFields,
    warehouseId: optionalQueryId,
    productId: optionalQueryId,
    producerId: optionalQueryId,
    incomeId: optionalQueryId,
    series: z.string().trim().min(1).max(64).optional(),
    after: projectionCursor.optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export type AllProjectionQuery = z.input<typeof allProjectionQuery>;
export const incomeProjection = paged(incomeProjectionRow).extend({ nextCursor: z.string().nullable() });

// ---------------------------------------------------------------- statistics

export const statisticsPeriods = ['day', 'week', 'month'] as const;
export type StatisticsPeriod = (typeof statisticsPeriods)[number];

/** GET /api/incomes/statistics: received value and quantity by period, producer and warehouse. Default: the last 12 months by month. */
export const incomeStatisticsQuery = z
  .object({
    ...dateRangeFields,
    period: z.enum(statisticsPeriods).default('month'),
    warehouseId: optionalQueryId,
    producerId: optionalQueryId,
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });

const receivedFigures = {
  quantity: z.number().int(),
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
};
export const incomeStatistics = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(statisticsPeriods),
  totals: z.object({ incomeCount: z.number().int(), lineCount: z.number().int(), ...receivedFigures }),
  /** `period` is the first day of the day, ISO week (Monday) or month */
  byPeriod: z.array(z.object({ period: z.string(), incomeCount: z.number().int(), ...receivedFigures })),
  byProducer: z.array(z.object({ producerId: z.number().int(), producerName: z.string(), country: countrySchema, ...receivedFigures })),
  byWarehouse: z.array(z.object({ warehouseId: z.number().int(), warehouseName: z.string(), ...receivedFigures })),
});
export type IncomeStatistics = z.infer<typeof incomeStatistics>;

// ---------------------------------------------------------------- Excel import

/** Columns of the income workbook, in order (the template has them; titles are `stock:columns.<key>`). */
export const incomeImportColumns = [
  'barcode',
  'productName',
  'series',
  'serialNumber',
  'expiryDate',
  'quantity',
  'basePrice',
  'vatPercent',
  'markupPercent',
] as const;
export type IncomeImportColumn = (typeof incomeImportColumns)[number];
/** Rows after the header; a larger income is split into several files. */
export const maxImportRows = 1000;
/** ≈ 7.5 MB of base64 = 5 MB of .xlsx */
export const maxImportFileChars = 7_000_000;

/**
 * POST /api/incomes/import: the header as a form, the lines from an .xlsx file
 * (base64). Nothing is saved when any row is bad; the answer's `fields` then
 * maps `rows.<sheet row>.<column>` to a message in the user's language.
 */
export const importIncomeBody = z.object({
  ...incomeHeaderFields,
  file: z.string().min(1, { error: 'required' }).max(maxImportFileChars),
});
export type ImportIncomeBody = z.infer<typeof importIncomeBody>;
