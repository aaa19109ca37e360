import { and, desc, eq, gt, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  orderOwed,
  ageDebt,
  businessDate,
  businessTimeZone,
  debtSummary,
  orderActorsOfRole,
  toOrderStatus,
  type OrderPayments,
  type OrderStatus,
  type OrganizationDebt,
  type Payment,
  type recordPaymentBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isoInstant } from '../../platform/sql.js';
import { organizations } from '../organizations/organizations.table.js';
import { organizationInScope } from '../organizations/organizations.service.js';
import { users } from '../users/users.table.js';
import { orders, orderStatusHistory } from './orders.table.js';
import { payments } from './payments.table.js';

/** Payments are refused on an order that is closed either way. */
const closedStatuses: OrderStatus[] = ['cancelled', 'completed', 'unknown'];

/** The order when the actor may see it (404 otherwise): the orders' own scope. */
async function visibleOrder(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, organizationId: orders.organizationId, sumSale: orders.sumSale, paid: orders.paid })
    .from(orders)
    .where(and(eq(orders.id, id), inScope(actor, orders.agentId)));
  if (!row) throw notFound();
  return row;
}

/** Recording and deleting payments is the operator's desk (an administrator stands in for it). */
function assertDesk(actor: Actor) {
  if (!orderActorsOfRole[actor.role].includes('operator')) throw new AppError('FORBIDDEN');
}

const paymentColumns = {
  id: payments.id,
  orderId: payments.orderId,
  organizationId: payments.organizationId,
  amount: payments.amount,
  paidOn: sql<string>`${payments.paidOn}::text`,
  method: payments.method,
  comment: payments.comment,
  recordedById: payments.recordedById,
  recordedByName: users.fullName,
  createdAt: isoInstant(payments.createdAt),
};

/** The payments of orders, newest first. */
export async function paymentsOf(db: Db, orderIds: number[]): Promise<Payment[]> {
  if (!orderIds.length) return [];
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.recordedById))
    .where(inArray(payments.orderId, orderIds))
    .orderBy(desc(payments.paidOn), desc(payments.id));
}

/** GET /api/orders/:id/payments. */
export async function listOrderPayments(db: Db, actor: Actor, id: number): Promise<OrderPayments> {
  const order = await visibleOrder(db, actor, id);
  const items = await paymentsOf(db, [id]);
  return { items, sumSale: order.sumSale, paid: order.paid, owed: orderOwed(order) };
}

/**
 * POST /api/orders/:id/payments: one conditional update adds the amount to orders.paid only while the
 * order is open and the amount is not more than it still owes (two concurrent payments cannot overpay);
 * the payment row and the audit entry go in the same transaction.
 */
export async function recordPayment(db: Db, actor: Actor, id: number, input: z.output<typeof recordPaymentBody>, now = new Date()): Promise<OrderPayments> {
  assertDesk(actor);
  const before = await visibleOrder(db, actor, id);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ paid: sql`${orders.paid} + ${input.amount}`, updatedAt: now })
      .where(and(eq(orders.id, id), notInArray(orders.status, closedStatuses), sql`${orders.paid} + ${input.amount} <= ${orders.sumSale}`))
      .returning({ paid: orders.paid, organizationId: orders.organizationId });
    if (!updated) {
      const [now_] = await tx.select({ status: orders.status, sumSale: orders.sumSale, paid: orders.paid }).from(orders).where(eq(orders.id, id));
      if (!now_ || closedStatuses.includes(toOrderStatus(now_.status))) throw new AppError('ORDER_NOT_PAYABLE');
      throw new AppError('PAYMENT_EXCEEDS_OWED', { params: { owed: orderOwed(now_) }, fields: { amount: 'paymentExceedsOwed' } });
    }
    const [created] = await tx
      .insert(payments)
      .values({
        orderId: id,
        organizationId: updated.organizationId,
        amount: input.amount,
        paidOn: input.paidOn,
        method: input.method,
        comment: input.comment ?? null,
        recordedById: actor.id,
        createdAt: now,
      })
      .returning({ id: payments.id });
    await recordAudit(tx, actor, {
      entity: 'order',
      entityId: id,
      action: 'recordPayment',
      before: { paid: before.paid },
      after: { paid: updated.paid, paymentId: created!.id, amount: input.amount, paidOn: input.paidOn, method: input.method },
    });
  });
  return listOrderPayments(db, actor, id);
}

/** DELETE /api/orders/:id/payments/:paymentId: a mistaken payment, while the order is open; audited. */
export async function deletePayment(db: Db, actor: Actor, id: number, paymentId: number, now = new Date()): Promise<OrderPayments> {
  assertDesk(actor);
  await visibleOrder(db, actor, id);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.orderId, id)))
      .returning();
    if (!removed) throw notFound();
    const [updated] = await tx
      .update(orders)
      .set({ paid: sql`${orders.paid} - ${removed.amount}`, updatedAt: now })
      .where(and(eq(orders.id, id), notInArray(orders.status, closedStatuses)))
      .returning({ paid: orders.paid });
    if (!updated) throw new AppError('ORDER_NOT_PAYABLE');
    await recordAudit(tx, actor, {
      entity: 'order',
      entityId: id,
      action: 'deletePayment',
      before: { paid: updated.paid + removed.amount, paymentId: removed.id, amount: removed.amount, paidOn: removed.paidOn, method: removed.method },
      after: { paid: updated.paid },
    });
  });
  return listOrderPayments(db, actor, id);
}

// ---------------------------------------------------------------- debt

/** When an order was delivered, the moment its debt ages from: its last 'delivered' step, else its last change. */
export const deliveredAtOf = (orderId: SQL, updatedAt: SQL) =>
  sql`coalesce((select max(h.at) from ${orderStatusHistory} h where h.order_id = ${orderId} and h.to_status = 'delivered'), ${updatedAt})`;

/** SQL twin of ageDebt's overdue test: more than the client's deferral days (none: 0) since the business day of delivery. */
export const overdueSince = (deliveredAt: SQL, creditDays: SQL, today: string) =>
  sql`(${deliveredAt} at time zone ${businessTimeZone})::date + coalesce(${creditDays}, 0) < ${today}::date`;

/**
 * The debt of an organization (no scope check: the caller decided): its delivered orders' unpaid
 * parts aged from their 'delivered' step (the order's last change when the step is missing).
 */
export async function debtOf(db: Tx, organizationId: number, now = new Date()): Promise<OrganizationDebt> {
  const [org] = await db
    .select({ creditLimit: organizations.creditLimit, creditDays: organizations.creditDays })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw notFound();
  const rows = await db
    .select({ owed: sql<number>`${orders.sumSale} - ${orders.paid}`, deliveredAt: isoInstant(deliveredAtOf(sql`${orders.id}`, sql`${orders.updatedAt}`)) })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.status, 'delivered'), gt(sql`${orders.sumSale} - ${orders.paid}`, 0)));
  const ageing = ageDebt(
    rows.map((r) => ({ owed: Number(r.owed), deliveredOn: businessDate(new Date(r.deliveredAt)) })),
    businessDate(now),
    org.creditDays,
  );
  return debtSummary(organizationId, ageing, org.creditLimit, org.creditDays);
}

/** GET /api/organizations/:id/debt: scoped as organizations are (404 outside the actor's territories). */
export async function getOrganizationDebt(db: Db, actor: Actor, organizationId: number): Promise<OrganizationDebt> {
  await organizationInScope(db, actor, organizationId);
  return debtOf(db, organizationId);
}
