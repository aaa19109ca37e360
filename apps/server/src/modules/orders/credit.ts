import { creditCheck, hasPermission, type CreditRefusal, type Order, type OrderCredit, type OrderStatus } from '@pharma/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { debtOf } from './payments.service.js';

/** The move that releases goods on credit (decisions 010, 022). */
export const creditCheckedMove = (to: OrderStatus) => to === 'approved_for_shipment';

const refusalCode = {
  prepaymentUnpaid: 'CREDIT_PREPAYMENT_UNPAID',
  noCredit: 'CREDIT_NONE',
  overdue: 'CREDIT_OVERDUE',
  limitExceeded: 'CREDIT_LIMIT_EXCEEDED',
} as const satisfies Record<CreditRefusal, string>;

/** What approving the order would meet (decision 022): the check of contracts against the client's debt now. */
export async function orderCredit(
  db: Tx,
  order: Pick<Order, 'organizationId' | 'sumSale' | 'prepaymentAmount' | 'paid'>,
  now = new Date(),
): Promise<OrderCredit> {
  const debt = await debtOf(db, order.organizationId, now);
  const check = creditCheck({
    sumSale: order.sumSale,
    prepaymentAmount: order.prepaymentAmount,
    paid: order.paid,
    debt: debt.total,
    overdue: debt.overdue,
    creditLimit: debt.creditLimit,
  });
  return { ...check, debt: debt.total, overdue: debt.overdue, creditLimit: debt.creditLimit, creditDays: debt.creditDays };
}

/**
 * The credit check of an approval for shipment (decision 022). Passes when the order is paid in full or
 * nothing stands in the way; otherwise a user with orders.creditOverride may approve with a reason
 * (answered, to be recorded in the history and the audit), anybody else gets 409 naming the first
 * reason with its figures (403 when they sent a reason without the right).
 */
export async function assertCredit(
  db: Tx,
  actor: Actor,
  order: Order,
  overrideReason: string | null | undefined,
  now = new Date(),
): Promise<{ overrideReason: string } | null> {
  const credit = await orderCredit(db, order, now);
  if (credit.ok) return null;
  const reason = overrideReason?.trim();
  if (reason) {
    if (!hasPermission(actor.grants, 'orders.creditOverride')) throw new AppError('CREDIT_OVERRIDE_NOT_ALLOWED');
    return { overrideReason: reason };
  }
  throw new AppError(refusalCode[credit.reasons[0]!], {
    // tiyin: the messages write them as money in the request's language ({{debt, money}})
    params: {
      debt: credit.debt,
      unpaid: credit.unpaid,
      prepayment: credit.prepaymentOwed,
      limit: credit.creditLimit ?? 0,
      overdue: credit.overdue,
      days: credit.creditDays ?? 0,
    },
  });
}
