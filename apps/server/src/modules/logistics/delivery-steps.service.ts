import { and, asc, count, eq } from 'drizzle-orm';

import { deliveryWarehouseSteps, orderActorsOfRole, stopOutcomeDistance, type Delivery, type DeliveryWarehouseStep } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';

import { recordAudit } from '../../platform/audit/audit.js';

import { moveOrder } from '../orders/order-moves.service.js';
import { deliveries, deliveryStopPhotos, deliveryStops } from './logistics.table.js';
import { getDelivery } from './deliveries.service.js';

/** A delivery's steps: locked as it moves, the warehouse's steps, its stops closed, done when the last one is. */
/** Locks the delivery row in scope and answers it (404 outside the actor's scope). */
export async function lockDelivery(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({
      id: deliveries.id,
      status: deliveries.status,
      courierId: deliveries.courierId,
      boxCount: deliveries.boxCount,
      pricePerBox: deliveries.pricePerBox,
      pricePerKm: deliveries.pricePerKm,
      warehouseId: deliveries.warehouseId,
    })
    .from(deliveries)
    .where(and(eq(deliveries.id, id), inScope(actor, deliveries.courierId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The delivery the actor closes stops of, locked: in scope (404), the delivery's own courier (an
 * administrator stands in for any desk), on the way.
 */
export async function lockOnTheWay(tx: Tx, actor: Actor, id: number) {
  const delivery = await lockDelivery(tx, actor, id);
  if (delivery.courierId !== actor.id && actor.role !== 'admin') throw new AppError('FORBIDDEN');
  if (delivery.status !== 'on_the_way') throw new AppError('DELIVERY_STATUS_REFUSED');
  return delivery;
}

/**
 * Closes a pending stop of a delivery on the way (delivered, in part or refused), by the delivery's
 * courier: locks the delivery, marks the stop with where and when it was closed — the distance from
 * the stop's point and the flag beyond the organization radius (decision 025) —, answers its order.
 * 404 for a stop of another delivery.
 */
export async function closeStop(
  tx: Tx,
  actor: Actor,
  id: number,
  stopId: number,
  set: Omit<Partial<typeof deliveryStops.$inferInsert>, 'proofLat' | 'proofLng' | 'proofAccuracy' | 'proofDistanceM' | 'proofFar'>,
  at: { lat: number; lng: number; accuracy: number },
): Promise<number> {
  await lockOnTheWay(tx, actor, id);
  const [point] = await tx
    .select({ lat: deliveryStops.lat, lng: deliveryStops.lng })
    .from(deliveryStops)
    .where(and(eq(deliveryStops.id, stopId), eq(deliveryStops.deliveryId, id)));
  if (!point) throw notFound();
  const { distanceM, far } = stopOutcomeDistance(point, at);
  const [stop] = await tx
    .update(deliveryStops)
    .set({ ...set, proofLat: at.lat, proofLng: at.lng, proofAccuracy: at.accuracy, proofDistanceM: distanceM, proofFar: far })
    .where(and(eq(deliveryStops.id, stopId), eq(deliveryStops.deliveryId, id), eq(deliveryStops.status, 'pending')))
    .returning({ orderId: deliveryStops.orderId });
  if (!stop) throw new AppError('DELIVERY_STATUS_REFUSED');
  return stop.orderId;
}

export async function ordersOf(tx: Tx, deliveryId: number) {
  const rows = await tx
    .select({ orderId: deliveryStops.orderId })
    .from(deliveryStops)
    .where(eq(deliveryStops.deliveryId, deliveryId))
    .orderBy(asc(deliveryStops.orderId));
  return rows.map((r) => r.orderId);
}

/**
 * POST /api/deliveries/:id/warehouse-step: the warehouse takes the delivery into assembly, marks it
 * assembled and ready, and hands it to the courier; every order of it makes the matching moves of
 * the order state machine as the warehouse (so the warehouse's part and right are checked there),
 * all in one transaction.
 */
export async function warehouseStep(db: Db, actor: Actor, id: number, step: DeliveryWarehouseStep, now = new Date()): Promise<Delivery> {
  const { from, to, orderMoves } = deliveryWarehouseSteps[step];
  await db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, actor, id);
    if (!orderActorsOfRole[actor.role].includes('warehouse')) throw new AppError('FORBIDDEN');
    if (delivery.status !== from) throw new AppError('DELIVERY_STATUS_REFUSED');
    for (const orderId of await ordersOf(tx, id)) {
      for (const [, toStatus] of orderMoves) await moveOrder(tx, asSystem(actor), orderId, { to: toStatus }, now, 'delivery');
    }
    await tx.update(deliveries).set({ status: to }).where(eq(deliveries.id, id));
    await recordAudit(tx, actor, { entity: 'delivery', entityId: id, action: step, before: { status: from }, after: { status: to } });
  });
  return getDelivery(db, actor, id);
}

/** The delivery is completed with its last stop closed, whatever the outcome. */
export async function completeIfDone(tx: Tx, id: number, now: Date) {
  const [left] = await tx
    .select({ n: count() })
    .from(deliveryStops)
    .where(and(eq(deliveryStops.deliveryId, id), eq(deliveryStops.status, 'pending')));
  if (!left?.n) await tx.update(deliveries).set({ status: 'completed', completedAt: now }).where(eq(deliveries.id, id));
}

/** The waybill photo is part of the proof of delivery (decision 014): a stop is not delivered, in full or in part, without it. */
export async function requireStopPhoto(tx: Tx, stopId: number) {
  const [photo] = await tx.select({ stopId: deliveryStopPhotos.stopId }).from(deliveryStopPhotos).where(eq(deliveryStopPhotos.stopId, stopId));
  if (!photo) throw new AppError('DELIVERY_PHOTO_REQUIRED');
}
