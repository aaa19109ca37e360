import { and, eq, inArray, sql } from 'drizzle-orm';

import type { z } from 'zod';
import {
  orderMoveByDelivery,
  orderMoveNeedsReason,
  orderActorsOfRole,
  orderTransitions,
  orderMoveParts,
  type Order,
  type changeOrderDateBody,
  editableOrderStatuses,
  type replaceCounterpartyBody,
  type moveOrderBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';

import { recordAudit } from '../../platform/audit/audit.js';

import { assertOrganizationOpen } from '../organizations/organizations.service.js';

import { consumeDocument, releaseDocument } from '../stock/reservations.service.js';

import { orders, orderStatusHistory } from './orders.table.js';
import { assertCredit, creditCheckedMove } from './credit.js';
import { tellOfOrderMove } from './order-notifications.js';
import { orderDocument, getOrder } from './orders.service.js';

/** An order's moves through its state machine, and the desk's changes of its date and counterparty. */
/**
 * POST /api/orders/:id/move: the contracts' state machine for the actor's role. A move nobody may make
 * from the current status → 409 ORDER_STATUS_REFUSED; one another role may make → 403
 * ORDER_MOVE_NOT_ALLOWED; a warehouse move outside the order's delivery (`via` is 'delivery' only from
 * the delivery's steps) → 409 ORDER_MOVES_WITH_DELIVERY; a refusal without a reason → reasonRequired. The update is conditional on
 * the status read, so of two concurrent moves one wins and the other gets 409. Cancelling releases
 * the order's reservations, shipping consumes them.
 */
export async function moveOrder(
  db: Tx,
  actor: Actor,
  id: number,
  input: z.output<typeof moveOrderBody>,
  now = new Date(),
  via: 'order' | 'delivery' = 'order',
): Promise<Order> {
  const current = await getOrder(db, actor, id);
  const from = current.status;
  const to = input.to;
  if (!orderTransitions[from][to]) throw new AppError('ORDER_STATUS_REFUSED', { params: { from, to } });
  const parts = orderMoveParts(actor.role, actor.grants, from, to);
  if (!parts.length) throw new AppError('ORDER_MOVE_NOT_ALLOWED', { params: { from, to } });
  // decision 020: the warehouse's moves are its delivery's steps, never one order's alone (it would be stranded)
  if (orderMoveByDelivery(from, to) && via !== 'delivery') throw new AppError('ORDER_MOVES_WITH_DELIVERY', { params: { from, to } });
  const reason = input.reason?.trim() || null;
  if (orderMoveNeedsReason(from, to) && !reason) throw fieldError('VALIDATION_FAILED', 'reason', 'reasonRequired');
  const asOperator = parts.includes('operator');
  // decision 010: approval on credit is checked; an override's reason goes to the history and the audit
  const override = creditCheckedMove(to) ? await assertCredit(db, actor, current, input.overrideReason, now) : null;
  const stepReason = override ? [reason, override.overrideReason].filter(Boolean).join(' — ') : reason;
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(to === 'cancelled' ? { refusalReason: reason } : {}),
        ...(asOperator ? { operatorId: sql`coalesce(${orders.operatorId}, ${actor.id})` } : {}),
      })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (!moved) throw new AppError('ORDER_STATUS_REFUSED', { params: { from, to } });
    if (to === 'cancelled') await releaseDocument(tx, asSystem(actor), orderDocument(id), now);
    if (to === 'shipped') await consumeDocument(tx, asSystem(actor), orderDocument(id), current.positions, now);
    await tx.insert(orderStatusHistory).values({ orderId: id, fromStatus: from, toStatus: to, at: now, byId: actor.id, reason: stepReason });
    await tellOfOrderMove(tx, actor, current, to, reason);
    await recordAudit(tx, actor, {
      entity: 'order',
      entityId: id,
      action: 'move',
      before: { status: from },
      after: { status: to, reason, ...(override ? { creditOverride: override.overrideReason } : {}) },
    });
  });
  return getOrder(db, actor, id);
}

// ---------------------------------------------------------------- quote

/** Order date and counterparty are the operator's desk's to change, while the order is still editable. */
async function operatorChange(
  db: Db,
  actor: Actor,
  id: number,
  change: (tx: Tx, before: Order) => Promise<{ set: Partial<typeof orders.$inferInsert>; action: string; before: object; after: object }>,
) {
  if (!orderActorsOfRole[actor.role].includes('operator')) throw new AppError('FORBIDDEN');
  const before = await getOrder(db, actor, id);
  if (!editableOrderStatuses.includes(before.status)) throw new AppError('ORDER_NOT_EDITABLE');
  await db.transaction(async (tx) => {
    const { set, action, before: was, after } = await change(tx, before);
    const [updated] = await tx
      .update(orders)
      .set({ ...set, updatedAt: new Date(), operatorId: sql`coalesce(${orders.operatorId}, ${actor.id})` })
      .where(and(eq(orders.id, id), inArray(orders.status, [...editableOrderStatuses])))
      .returning({ id: orders.id });
    if (!updated) throw new AppError('ORDER_NOT_EDITABLE');
    await recordAudit(tx, actor, { entity: 'order', entityId: id, action, before: was, after });
  });
  return getOrder(db, actor, id);
}

/** PUT /api/orders/:id/date ('Order date changed'). */
export function changeOrderDate(db: Db, actor: Actor, id: number, input: z.output<typeof changeOrderDateBody>): Promise<Order> {
  return operatorChange(db, actor, id, async (_tx, before) => ({
    set: { date: input.date },
    action: 'changeDate',
    before: { date: before.date },
    after: { date: input.date },
  }));
}

/**
 * PUT /api/orders/:id/counterparty ('Counterparty successfully replaced'): the new organization must be
 * open (not blacklisted, in the actor's territories); the reservations and prices stay as they are.
 */
export function replaceCounterparty(db: Db, actor: Actor, id: number, input: z.output<typeof replaceCounterpartyBody>): Promise<Order> {
  return operatorChange(db, actor, id, async (tx, before) => {
    await assertOrganizationOpen(tx, input.organizationId, { actor });
    return {
      set: { organizationId: input.organizationId },
      action: 'replaceCounterparty',
      before: { organizationId: before.organizationId },
      after: { organizationId: input.organizationId },
    };
  });
}
