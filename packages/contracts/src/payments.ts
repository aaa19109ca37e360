import { z } from 'zod';
import { calendarDate, daysBetween } from './common/dates.js';
import { int64, optionalText, queryId } from './common/validation.js';
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

/** DELETE /api/orders/:id/payments/:paymentId: the order and the payment. */
export const paymentParams = z.object({ id: queryId(), paymentId: queryId() });

/** POST /api/orders/:id/payments: no more than the order still owes (PAYMENT_EXCEEDS_OWED). */
export const recordPaymentBody = z.object({
  amount: int64(1, maxPaymentTiyin),
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
  /** owed on orders delivered more than creditDays ago (no creditDays: no deferral, due the day after delivery) */
  overdue: number;
  /** days since the oldest unpaid delivery (0 when there is no debt) */
  oldestDays: number;
}

/**
 * What an order still owes, the one definition: its sum at sale price less what was paid, never below
 * zero; a cancelled order owes nothing. The organization's debt (`ageDebt`) sums it over delivered orders.
 */
export const orderOwed = (order: { status: string; sumSale: number; paid: number }) =>
  order.status === 'cancelled' ? 0 : Math.max(0, order.sumSale - order.paid);

/**
 * THE debt arithmetic: total, ageing buckets by days since delivery, and the part overdue by the
 * client's deferral days (a debt is overdue once more than creditDays days have passed since delivery;
 * 0 or no deferral days — a client without credit terms — from the day after delivery; decision 022).
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
    if (days > (creditDays ?? 0)) overdue += item.owed;
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

/** Why an approval for shipment needs the override right and a reason (decision 022), in the order they are named. */
export const creditRefusals = ['prepaymentUnpaid', 'noCredit', 'overdue', 'limitExceeded'] as const;
export type CreditRefusal = (typeof creditRefusals)[number];

export interface CreditCheck {
  ok: boolean;
  reasons: CreditRefusal[];
  /** what the order leaves owing once shipped: sum − paid */
  unpaid: number;
  /** the part of the agreed prepayment not paid yet */
  prepaymentOwed: number;
}

/**
 * Whether an order may be approved for shipment without an override (decision 022, superseding 010's
 * rule). An order paid in full always may. Otherwise every reason that applies is named: its prepayment
 * is not paid (what was agreed is not what was received), the client has no credit, the client has debt
 * overdue beyond its deferral days, or the client's debt plus what this order leaves unpaid exceeds the
 * limit. To ask before the order exists (the creation wizard), pass the prepayment as paid.
 */
export function creditCheck(input: {
  sumSale: number;
  prepaymentAmount: number;
  paid: number;
  debt: number;
  overdue: number;
  creditLimit: number | null;
}): CreditCheck {
  const unpaid = Math.max(0, input.sumSale - input.paid);
  if (unpaid === 0) return { ok: true, reasons: [], unpaid: 0, prepaymentOwed: 0 };
  const prepaymentOwed = Math.max(0, input.prepaymentAmount - input.paid);
  const reasons: CreditRefusal[] = [];
  if (prepaymentOwed > 0) reasons.push('prepaymentUnpaid');
  if (input.creditLimit === null) reasons.push('noCredit');
  if (input.overdue > 0) reasons.push('overdue');
  if (input.creditLimit !== null && input.debt + unpaid > input.creditLimit) reasons.push('limitExceeded');
  return { ok: reasons.length === 0, reasons, unpaid, prepaymentOwed };
}

/** GET /api/orders/:id/credit: what approving the order would meet, for the screen to say before the click. */
export const orderCredit = z.object({
  ok: z.boolean(),
  reasons: z.array(z.enum(creditRefusals)),
  unpaid: z.number().int(),
  prepaymentOwed: z.number().int(),
  /** the client's debt (delivered, unpaid), what of it is overdue, and its terms */
  debt: z.number().int(),
  overdue: z.number().int(),
  creditLimit: z.number().int().nullable(),
  creditDays: z.number().int().nullable(),
});
export type OrderCredit = z.infer<typeof orderCredit>;

/** The body of a move may carry the override reason of a user with the orders.creditOverride right. */
export const creditOverrideReason = optionalText(500);
