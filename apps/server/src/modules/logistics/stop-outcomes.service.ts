import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type deliverPartlyBody, type deliverStopBody, type Delivery, type refuseStopBody } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';
import { fieldError } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { returnToBatches } from '../stock/stock.service.js';
import { orderPositions } from '../orders/orders.table.js';
import { keepDeliveredQuantities } from '../orders/order-totals.service.js';
import { moveOrder } from '../orders/order-moves.service.js';
import { getDelivery } from './deliveries.service.js';
import { closeStop, completeIfDone, requireStopPhoto } from './delivery-steps.service.js';
import { deliveryReturns } from './logistics.table.js';

/**
 * Puts quantities back on their batches (the stock's service) and records what came back from the stop, each
 * at its position's unit sale price as it was shipped (the value returned, analytics' returnedSum).
 */
async function returnToStock(
  tx: Tx,
  stopId: number,
  orderId: number,
  lines: { productId: number; batchId: number; quantity: number; salePrice: number }[],
  now: Date,
) {
  const back = lines.filter((l) => l.quantity > 0);
  if (!back.length) return;
  await returnToBatches(tx, back);
  await tx
    .insert(deliveryReturns)
    .values(back.map((l) => ({ stopId, orderId, productId: l.productId, batchId: l.batchId, quantity: l.quantity, salePrice: l.salePrice, at: now })));
}

/**
 * POST /api/deliveries/:id/stops/:stopId/deliver: the delivery's courier hands the order over with
 * the proof (position, accuracy, the recipient's name, the time); the order becomes delivered, and
 * the delivery completed with its last stop.
 */
export async function deliverStop(
  db: Db,
  actor: Actor,
  id: number,
  stopId: number,
  input: z.output<typeof deliverStopBody>,
  now = new Date(),
): Promise<Delivery> {
  await db.transaction(async (tx) => {
    const orderId = await closeStop(
      tx,
      actor,
      id,
      stopId,
      { status: 'delivered', recipientName: input.recipientName, deliveredAt: now, deliveredBy: actor.id },
      input,
    );
    await requireStopPhoto(tx, stopId);
    await moveOrder(tx, asSystem(actor), orderId, { to: 'delivered' }, now);
    await completeIfDone(tx, id, now);
    await recordAudit(tx, actor, {
      entity: 'delivery',
      entityId: id,
      action: 'deliverStop',
      after: { stopId, orderId, recipientName: input.recipientName, lat: input.lat, lng: input.lng },
    });
  });
  return getDelivery(db, actor, id);
}

/**
 * POST /api/deliveries/:id/stops/:stopId/deliver-partly: the client took part of the order. Each
 * position keeps the quantity taken (repriced, removed at 0), the rest goes back to its batch, the
 * order's totals and prepayment follow its positions, and the order becomes delivered.
 */
export async function deliverPartly(
  db: Db,
  actor: Actor,
  id: number,
  stopId: number,
  input: z.output<typeof deliverPartlyBody>,
  now = new Date(),
): Promise<Delivery> {
  await db.transaction(async (tx) => {
    const orderId = await closeStop(
      tx,
      actor,
      id,
      stopId,
      { status: 'partial', recipientName: input.recipientName, deliveredAt: now, deliveredBy: actor.id },
      input,
    );
    const positions = await tx.select().from(orderPositions).where(eq(orderPositions.orderId, orderId));
    const taken = new Map(input.positions.map((p) => [p.positionId, p.quantity]));
    for (const [index, p] of input.positions.entries()) {
      const position = positions.find((x) => x.id === p.positionId);
      if (!position) throw fieldError('VALIDATION_FAILED', `positions.${index}.positionId`, 'invalidOption');
      if (p.quantity > position.quantity) throw fieldError('VALIDATION_FAILED', `positions.${index}.quantity`, 'tooBig');
    }
    const kept = positions.map((p) => ({ ...p, quantity: taken.get(p.id) ?? p.quantity }));
    const totalTaken = kept.reduce((s, p) => s + p.quantity, 0);
    const totalOrdered = positions.reduce((s, p) => s + p.quantity, 0);
    // nothing taken is a refusal (with its reason), everything taken is a full delivery
    if (totalTaken === 0 || totalTaken === totalOrdered) throw fieldError('VALIDATION_FAILED', 'positions', 'invalid');
    await requireStopPhoto(tx, stopId);
    const sums = await keepDeliveredQuantities(tx, orderId, taken, now);
    await returnToStock(
      tx,
      stopId,
      orderId,
      positions.map((p) => ({ productId: p.productId, batchId: p.batchId, quantity: p.quantity - (taken.get(p.id) ?? p.quantity), salePrice: p.salePrice })),
      now,
    );
    await moveOrder(tx, asSystem(actor), orderId, { to: 'delivered' }, now);
    await recordAudit(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'deliverPartly',
      before: { sumSale: sums.before },
      after: { sumSale: sums.after, positions: input.positions },
    });
    await completeIfDone(tx, id, now);
  });
  return getDelivery(db, actor, id);
}

/**
 * POST /api/deliveries/:id/stops/:stopId/refuse: the client refused the order at the door. The
 * courier cancels it with the reason (the order state machine's shipped → cancelled), and every
 * position goes back to its batch.
 */
export async function refuseStop(
  db: Db,
  actor: Actor,
  id: number,
  stopId: number,
  input: z.output<typeof refuseStopBody>,
  now = new Date(),
): Promise<Delivery> {
  await db.transaction(async (tx) => {
    const orderId = await closeStop(tx, actor, id, stopId, { status: 'refused', refusalReason: input.reason, deliveredAt: now, deliveredBy: actor.id }, input);
    const positions = await tx
      .select({
        productId: orderPositions.productId,
        batchId: orderPositions.batchId,
        quantity: orderPositions.quantity,
        salePrice: orderPositions.salePrice,
      })
      .from(orderPositions)
      .where(eq(orderPositions.orderId, orderId));
    await returnToStock(tx, stopId, orderId, positions, now);
    await moveOrder(tx, asSystem(actor), orderId, { to: 'cancelled', reason: input.reason }, now);
    await completeIfDone(tx, id, now);
    await recordAudit(tx, actor, {
      entity: 'delivery',
      entityId: id,
      action: 'refuseStop',
      after: { stopId, orderId, reason: input.reason, lat: input.lat, lng: input.lng },
    });
  });
  return getDelivery(db, actor, id);
}
