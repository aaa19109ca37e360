import { eq } from 'drizzle-orm';
import type { Order, OrderStatus } from '@pharma/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { notify } from '../notifications/notifications.service.js';
import { users } from '../users/users.table.js';
import { formatOrderNumber } from './orders.service.js';

/**
 * Who hears of an order (issue 17), in the transaction of the change: its agent of every move someone
 * else made (its stop closed, when the move is the courier's outcome); the operators' desk when it waits for them (a new order, one sent for review); the agent's
 * manager when it needs agreement above the client's credit limit.
 */
export async function tellOfOrderMove(tx: Tx, actor: Actor, order: Order, to: OrderStatus, reason: string | null): Promise<void> {
  const subject = { type: 'order' as const, id: order.id };
  const params = { number: order.number, organization: order.organizationName, from: order.status, to, by: actor.fullName, ...(reason ? { reason } : {}) };
  // a move out of 'shipped' is the courier closing the order's stop (delivered, or refused)
  const kind = order.status === 'shipped' ? 'stopClosed' : 'orderStatus';
  if (order.agentId !== actor.id) await notify(tx, { to: [order.agentId], kind, subject, params });
  if (to === 'sent_for_review') await notify(tx, { to: { role: 'operator' }, kind: 'orderDecision', subject, params });
  if (to === 'under_agreement') {
    const [agent] = await tx.select({ managerId: users.managerId }).from(users).where(eq(users.id, order.agentId));
    if (agent?.managerId) await notify(tx, { to: [agent.managerId], kind: 'orderDecision', subject, params });
  }
}

/** A new order waits for the operators' desk. */
export async function tellOfNewOrder(tx: Tx, actor: Actor, order: { id: number; number: number; organizationName: string }): Promise<void> {
  await notify(tx, {
    to: { role: 'operator' },
    kind: 'orderDecision',
    subject: { type: 'order', id: order.id },
    params: { number: formatOrderNumber(order.number), organization: order.organizationName, to: 'new', by: actor.fullName },
  });
}
