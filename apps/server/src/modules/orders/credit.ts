import { creditCheck, formatMoney, hasPermission, type Order, type OrderStatus } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { debtOf } from './payments.service.js';

/** The move that releases goods on credit (decision 010). */
export const creditCheckedMove = (to: OrderStatus) => to === 'approved_for_shipment';

const refusalCode = { noCredit: 'CREDIT_NONE', limitExceeded: 'CREDIT_LIMIT_EXCEEDED', overdue: 'CREDIT_OVERDUE' } as const;

/**
 * The credit check of an approval for shipment (decision 010). Passes when the order is covered by
 * prepayment or within the organization's credit; otherwise a user with orders.creditOverride may
 * approve with a reason (answered, to be recorded in the history and the audit), anybody else gets 409
 * naming the limit (403 when they sent a reason without the right).
 */
export async function assertCredit(db: Db, actor: Actor, order: Order, overrideReason: string | null | undefined, now = new Date()): Promise<{ overrideReason: string } | null> {
  const debt = await debtOf(db, order.organizationId, now);
  const check = creditCheck({
    sumSale: order.sumSale,
    prepaymentPercent: order.prepaymentPercent,
    prepaymentAmount: order.prepaymentAmount,
    paid: order.paid,
    debt: debt.total,
    overdue: debt.overdue,
    creditLimit: debt.creditLimit,
  });
  if (check.ok) return null;
  const reason = overrideReason?.trim();
  if (reason) {
    if (!hasPermission(actor.grants, 'orders.creditOverride')) throw new AppError('CREDIT_OVERRIDE_NOT_ALLOWED');
    return { overrideReason: reason };
  }
  throw new AppError(refusalCode[check.reason], {
    params: {
      debt: formatMoney(debt.total),
      unpaid: formatMoney(check.unpaid),
      limit: formatMoney(debt.creditLimit ?? 0),
      overdue: formatMoney(debt.overdue),
      days: debt.creditDays ?? 0,
    },
  });
}
