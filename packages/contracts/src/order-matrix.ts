import { z } from 'zod';
import { recordId, queryInt32, queryId } from './common/validation.js';
import { maxLineQuantity } from './pricing.js';
import { orderStatuses } from './orders.js';

/**
 * /matrix: products (rows) × organizations (columns) of the orders of a period of whole months —
 * ordered quantities and sums of orders not cancelled (by order date), what was paid on them, and
 * the planned quantities (order_plans, one per organization × product × month).
 */

/** The longest period the matrix covers, in months. */
export const maxMatrixMonths = 12;
/** Organizations (columns) shown when none are asked for: the top ones by ordered sum. */
export const defaultMatrixColumns = 30;
export const maxMatrixColumns = 100;
/** A planned quantity: a whole number of packs, 0 … the largest order line. */
export const maxPlanQuantity = maxLineQuantity;

/** A month as yyyy-MM. */
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalidDate' });

/** yyyy-MM → its first day, yyyy-MM-01. */
export const monthStart = (month: string) => `${month}-01`;
/** yyyy-MM → its last day. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}
/** The months from `from` to `to`, both included (yyyy-MM). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 1200; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}
/** Months from `from` to `to` both included (0 when `to` is earlier). */
export function monthCount(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return Math.max(0, (ty - fy) * 12 + (tm - fm) + 1);
}

/** ?ids=1,2,3 (or repeated): distinct positive ids. */
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean).map(Number) : Array.isArray(v) ? v.map(Number) : v),
  z.array(recordId()).min(1).max(maxMatrixColumns),
);
const optionalId = queryId().optional();

/** GET /api/orders/matrix. */
export const matrixQuery = z
  .object({
    from: isoMonth,
    to: isoMonth,
    organizationIds: idList.optional(),
    productIds: idList.optional(),
    regionId: optionalId,
    agentId: optionalId,
    /** columns when no organizations are asked for */
    limit: queryInt32().min(1).max(maxMatrixColumns).default(defaultMatrixColumns),
  })
  .refine((v) => v.to >= v.from, { path: ['to'], error: 'endBeforeStart' })
  .refine((v) => v.to < v.from || monthCount(v.from, v.to) <= maxMatrixMonths, { path: ['to'], error: 'periodTooLong' });
export type MatrixQuery = z.input<typeof matrixQuery>;

/** One column: an organization with its totals in the period. */
export const matrixOrganization = z.object({
  id: z.number(),
  name: z.string(),
  /** ordered packs of the rows shown */
  quantity: z.number(),
  /** the sale sum of those packs, tiyin */
  sum: z.number(),
  /** the sale sums of the organization's orders of the period (all products), tiyin */
  ordersSum: z.number(),
  /** paid on those orders (orders.paid), tiyin */
  paid: z.number(),
  planned: z.number(),
});
export type MatrixOrganization = z.infer<typeof matrixOrganization>;

/** One row: a product with its totals over the columns shown. */
export const matrixProduct = z.object({
  id: z.number(),
  name: z.string(),
  producerName: z.string().nullable(),
  quantity: z.number(),
  sum: z.number(),
  planned: z.number(),
});
export type MatrixProduct = z.infer<typeof matrixProduct>;

/** One cell: ordered packs and their sum; planned = the plans of the period's months. */
export const matrixCell = z.object({ productId: z.number(), organizationId: z.number(), quantity: z.number(), sum: z.number(), planned: z.number() });
export type MatrixCell = z.infer<typeof matrixCell>;

/** One plan of one month (yyyy-MM). */
export const orderPlan = z.object({ organizationId: z.number(), productId: z.number(), month: z.string(), quantity: z.number() });
export type OrderPlan = z.infer<typeof orderPlan>;

export const matrix = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()),
  organizations: z.array(matrixOrganization),
  /** organizations with orders in the period beyond the columns shown */
  moreOrganizations: z.number(),
  products: z.array(matrixProduct),
  /** only the cells with an order or a plan */
  cells: z.array(matrixCell),
  plans: z.array(orderPlan),
  totals: z.object({ quantity: z.number(), sum: z.number(), ordersSum: z.number(), paid: z.number(), planned: z.number() }),
});
export type Matrix = z.infer<typeof matrix>;

/** PUT /api/orders/matrix/plan: the planned packs of a product for an organization in a month. */
export const savePlanBody = z.object({
  organizationId: recordId(),
  productId: recordId(),
  month: isoMonth,
  quantity: z.number({ error: 'wholeNumber' }).int({ error: 'wholeNumber' }).min(0, { error: 'tooSmall' }).max(maxPlanQuantity, { error: 'tooBig' }),
});
export type SavePlanBody = z.infer<typeof savePlanBody>;

/** GET /api/orders/matrix/orders: one cell's orders (the modal). */
export const matrixCellQuery = z
  .object({ from: isoMonth, to: isoMonth, organizationId: queryId(), productId: queryId(), agentId: optionalId })
  .refine((v) => v.to >= v.from, { path: ['to'], error: 'endBeforeStart' })
  .refine((v) => v.to < v.from || monthCount(v.from, v.to) <= maxMatrixMonths, { path: ['to'], error: 'periodTooLong' });
export type MatrixCellQuery = z.input<typeof matrixCellQuery>;

export const matrixCellOrder = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  status: z.enum(orderStatuses),
  agentName: z.string(),
  quantity: z.number(),
  sum: z.number(),
  paid: z.number(),
  ordersSum: z.number(),
});
export type MatrixCellOrder = z.infer<typeof matrixCellOrder>;
export const matrixCellOrders = z.object({ items: z.array(matrixCellOrder) });

/** The plan input's own check, before anything is sent: a whole number ≥ 0 (the validation key, or null). */
export function planInputError(text: string): 'wholeNumber' | 'tooSmall' | 'tooBig' | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^-?\d+$/.test(trimmed)) return 'wholeNumber';
  const n = Number(trimmed);
  if (n < 0) return 'tooSmall';
  if (n > maxPlanQuantity) return 'tooBig';
  return null;
}
