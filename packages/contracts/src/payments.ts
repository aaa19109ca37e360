import { z } from 'zod';
import { calendarDate, daysBetween } from './common/dates.js';
import { optionalText } from './common/validation.js';
import { maxUnitPriceTiyin } from './pricing.js';

/**
 * Payments, debt and its ageing, the credit limit (issue 6). Money in tiyin. An organization's debt is
 * what its delivered orders still owe (sum − paid); its age counts from the order's 'delivered' step.
 */

/** How a payment came in. */
export const paymentMethods = ['cash', 'bankTransfer', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The largest single payment: a billion sum. */
export const maxPaymentTiyin = maxUnitPriceTiyin * 10;

/** POST /api/orders/:id/payments: no more than the order still owes (PAYMENT_EXCEEDS_OWED). */
export const recordPaymentBody = z.object({
  amount: z.number().int().min(1).max(maxPaymentTiyin),
  paidOn: calendarDate,
  method: z.enum(paymentMethods),
  comment: optionalText(500),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;

export const payment = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  organizationId: z.number().int(),
  amount: z.number().int(),
  paidOn: z.string(),
  method: z.enum(paymentMethods),
  comment: z.string().nullable(),
  recordedById: z.number().int(),
  recordedByName: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;

/** The payments of one order, newest first, with what the order still owes. */
export const orderPayments = z.object({
  items: z.array(payment),
  sumSale: z.number().int(),
  paid: z.number().int(),
  owed: z.number().int(),
});
export type OrderPayments = z.infer<typeof orderPayments>;

// ---------------------------------------------------------------- ageing

/** Ageing buckets by whole days since delivery: 0–30, 31–60, 61–90, over 90. */
export const ageingBuckets = ['upTo30', 'upTo60', 'upTo90', 'over90'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];

export const ageingBucketOf = (days: number): AgeingBucket => (days <= 30 ? 'upTo30' : days <= 60 ? 'upTo60' : days <= 90 ? 'upTo90' : 'over90');

export interface DebtItem {
  /** what the delivered order still owes, tiyin (≤ 0 counts nothing) */
  owed: number;
  /** the Tashkent date of its 'delivered' step */
  deliveredOn: string;
}

export interface DebtAgeing {
  total: number;
  buckets: Record<AgeingBucket, number>;
  /** owed on orders delivered more than creditDays ago (null creditDays: nothing is overdue) */
  overdue: number;
  /** days since the oldest unpaid delivery (0 when there is no debt) */
  oldestDays: number;
}

/**
 * THE debt arithmetic: total, ageing buckets by days since delivery, and the part overdue by the
 * organization's credit days (a debt is overdue once more than creditDays days have passed since
 * delivery; 0 credit days: from the day after delivery).
 */
export function ageDebt(items: readonly DebtItem[], today: string, creditDays: number | null): DebtAgeing {
  const buckets: Record<AgeingBucket, number> = { upTo30: 0, upTo60: 0, upTo90: 0, over90: 0 };
  let total = 0;
  let overdue = 0;
  let oldestDays = 0;
  for (const item of items) {
    if (item.owed <= 0) continue;
    const days = Math.max(0, daysBetween(item.deliveredOn, today));
    total += item.owed;
    buckets[ageingBucketOf(days)] += item.owed;
    if (creditDays !== null && days > creditDays) overdue += item.owed;
    oldestDays = Math.max(oldestDays, days);
  }
  return { total, buckets, overdue, oldestDays };
}

/** GET /api/organizations/:id/debt. creditLeft = limit − debt (negative when exceeded; null = no credit). */
export const organizationDebt = z.object({
  organizationId: z.number().int(),
  total: z.number().int(),
  buckets: z.object({ upTo30: z.number().int(), upTo60: z.number().int(), upTo90: z.number().int(), over90: z.number().int() }),
  overdue: z.number().int(),
  oldestDays: z.number().int(),
  creditLimit: z.number().int().nullable(),
  creditDays: z.number().int().nullable(),
  creditLeft: z.number().int().nullable(),
  exceeded: z.boolean(),
});
export type OrganizationDebt = z.infer<typeof organizationDebt>;

export function debtSummary(organizationId: number, ageing: DebtAgeing, creditLimit: number | null, creditDays: number | null): OrganizationDebt {
  const creditLeft = creditLimit === null ? null : creditLimit - ageing.total;
  return {
    organizationId,
    ...ageing,
    creditLimit,
    creditDays,
    creditLeft,
    exceeded: (creditLeft !== null && creditLeft < 0) || ageing.overdue > 0,
  };
}

// ---------------------------------------------------------------- the credit check

export type CreditRefusal = 'noCredit' | 'limitExceeded' | 'overdue';

/**
 * Whether an order may be approved for shipment on credit. Covered by prepayment (100 % or paid ≥ sum):
 * always. Otherwise refused when the organization has no credit (null limit), has debt overdue beyond
 * its credit days, or when its debt plus this order's unpaid part (sum − the larger of prepayment and
 * paid) exceeds the limit.
 */
export function creditCheck(input: {
  sumSale: number;
  prepaymentPercent: number;
  prepaymentAmount: number;
  paid: number;
  debt: number;
  overdue: number;
  creditLimit: number | null;
}): { ok: true; unpaid: number } | { ok: false; reason: CreditRefusal; unpaid: number } {
  const unpaid = Math.max(0, input.sumSale - Math.max(input.prepaymentAmount, input.paid));
  if (input.prepaymentPercent >= 100 || input.paid >= input.sumSale) return { ok: true, unpaid: 0 };
  if (input.creditLimit === null) return { ok: false, reason: 'noCredit', unpaid };
  if (input.overdue > 0) return { ok: false, reason: 'overdue', unpaid };
  if (input.debt + unpaid > input.creditLimit) return { ok: false, reason: 'limitExceeded', unpaid };
  return { ok: true, unpaid };
}

/** The body of a move may carry the override reason of a user with the orders.creditOverride right. */
export const creditOverrideReason = optionalText(500);
