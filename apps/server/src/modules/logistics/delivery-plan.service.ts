import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  plansDeliveries,
  deliveryCost,
  planRoute,
  routeLengthMeters,
  type createDeliveryBody,
  type Delivery,
  type LatLng,
  type ShippableOrder,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { type Actor } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';

import { recordAudit } from '../../platform/audit/audit.js';
import { isUniqueViolation } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orderPositions, orders } from '../orders/orders.table.js';
import { products } from '../catalog/catalog.table.js';
import { formatOrderNumber } from '../orders/orders.service.js';

import { cars, deliveries, deliveryStops } from './logistics.table.js';
import { lockDelivery, ordersOf } from './delivery-steps.service.js';
import { getDelivery } from './deliveries.service.js';

/** Planning deliveries: the shippable orders, a delivery made (weighed, routed, priced), its stops reordered, cancelled. */
/** The goods' weight of an order in grams: its positions' quantities × the products' unit weight (kg products weigh 1000 g a unit). */
const positionsWeightG = sql`coalesce(sum(${orderPositions.quantity}::bigint * case when ${products.unit} = 'kg' then 1000 else coalesce(${products.weightG}, 0) end), 0)::bigint`;

/**
 * GET /api/deliveries/shippable: the wizard's pick-list — orders approved for shipment in the
 * actor's scope that travel in no delivery yet, oldest first, with their point and weight.
 */
export async function listShippable(db: Db, actor: Actor): Promise<ShippableOrder[]> {
  // only the desk and the warehouse plan deliveries: anyone else has nothing to pick (a scope, like a courier's own deliveries)
  if (!plansDeliveries(actor.role)) return [];
  const rows = await db
    .select({
      id: orders.id,
      numberValue: orders.number,
      date: sql<string>`${orders.date}::text`,
      organizationId: orders.organizationId,
      organizationName: organizations.name,
      address: orders.deliveryAddress,
      lat: sql<number | null>`coalesce(${organizations.deliveryLat}, ${organizations.lat})`,
      lng: sql<number | null>`coalesce(${organizations.deliveryLng}, ${organizations.lng})`,
      sumSale: orders.sumSale,
      weightG: sql<number>`(select ${positionsWeightG} from ${orderPositions} inner join ${products} on ${products.id} = ${orderPositions.productId} where ${orderPositions.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .where(
      and(
        eq(orders.status, 'approved_for_shipment'),
        inScope(actor, orders.agentId),
        sql`not exists (select 1 from ${deliveryStops} where ${deliveryStops.orderId} = ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.date), asc(orders.id))
    .limit(500);
  return rows.map(({ numberValue, ...r }) => ({ ...r, number: formatOrderNumber(numberValue), weightG: Number(r.weightG) }));
}

// ---------------------------------------------------------------- plan

interface RoutedStop {
  orderId: number;
  lat: number | null;
  lng: number | null;
}

/**
 * The stops in a short route from the warehouse (planRoute of contracts); stops without
 * coordinates keep their given order after the routed ones. Answers the stops in driving
 * order and the route's length in metres.
 */
function routeStops<T extends RoutedStop>(start: LatLng | null, stops: T[]): { ordered: T[]; distanceM: number } {
  const located = stops.filter((s): s is T & LatLng => s.lat !== null && s.lng !== null);
  const unlocated = stops.filter((s) => s.lat === null || s.lng === null);
  if (!located.length) return { ordered: stops, distanceM: 0 };
  const from = start ?? located[0]!;
  const planned = planRoute(from, located);
  return { ordered: [...planned.order.map((i) => located[i]!), ...unlocated], distanceM: Math.round(planned.lengthM) };
}

/**
 * POST /api/deliveries (the shipments wizard): orders approved for shipment and in no other
 * delivery, a courier (an active user with the courier role) unless picked up, a car for the car
 * type, an active warehouse; the stops routed from the warehouse, the distance and the cost
 * computed. The orders stay approved until the warehouse takes the delivery into assembly.
 */
export async function createDelivery(db: Db, actor: Actor, input: z.output<typeof createDeliveryBody>, now = new Date()): Promise<Delivery> {
  if (!plansDeliveries(actor.role)) throw new AppError('FORBIDDEN');
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [warehouse] = await tx
        .select({ lat: warehouses.lat, lng: warehouses.lng })
        .from(warehouses)
        .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.active, true)));
      if (!warehouse) throw fieldError('VALIDATION_FAILED', 'warehouseId', 'invalidOption');
      if (input.courierId) {
        const [courier] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, input.courierId), eq(users.role, 'courier'), eq(users.active, true)));
        if (!courier) throw fieldError('VALIDATION_FAILED', 'courierId', 'invalidOption');
      }
      const [car] =
        input.type === 'car' && input.carId
          ? await tx
              .select({ capacityKg: cars.capacityKg, capacityBoxes: cars.capacityBoxes })
              .from(cars)
              .where(and(eq(cars.id, input.carId), eq(cars.active, true)))
          : [];
      if (input.type === 'car' && !car) throw fieldError('VALIDATION_FAILED', 'carId', 'invalidOption');
      // locked, so a concurrent move or a second delivery waits for this one
      const found = await tx
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          lat: sql<number | null>`coalesce(${organizations.deliveryLat}, ${organizations.lat})`,
          lng: sql<number | null>`coalesce(${organizations.deliveryLng}, ${organizations.lng})`,
        })
        .from(orders)
        .innerJoin(organizations, eq(organizations.id, orders.organizationId))
        .where(inArray(orders.id, input.orderIds))
        .orderBy(asc(orders.id))
        .for('update', { of: orders });
      const byId = new Map(found.map((o) => [o.id, o]));
      for (const [index, orderId] of input.orderIds.entries()) {
        const order = byId.get(orderId);
        if (!order) throw fieldError('VALIDATION_FAILED', `orderIds.${index}`, 'invalidOption');
        if (order.status !== 'approved_for_shipment') throw new AppError('DELIVERY_ORDER_NOT_READY', { params: { number: formatOrderNumber(order.number) } });
      }
      const [goods] = await tx
        .select({ weightG: sql<number>`${positionsWeightG}` })
        .from(orderPositions)
        .innerJoin(products, eq(products.id, orderPositions.productId))
        .where(inArray(orderPositions.orderId, input.orderIds));
      const weightG = Number(goods?.weightG ?? 0);
      if (car && input.boxCount > car.capacityBoxes) throw fieldError('VALIDATION_FAILED', 'boxCount', 'carCapacityExceeded');
      if (car && weightG > car.capacityKg * 1000) throw fieldError('VALIDATION_FAILED', 'carId', 'carCapacityExceeded');
      const start = warehouse.lat !== null && warehouse.lng !== null ? { lat: warehouse.lat, lng: warehouse.lng } : null;
      const { ordered, distanceM } = routeStops(
        start,
        input.orderIds.map((orderId) => byId.get(orderId)!).map((o) => ({ orderId: o.id, lat: o.lat, lng: o.lng })),
      );
      const [created] = await tx
        .insert(deliveries)
        .values({
          date: input.date,
          type: input.type,
          warehouseId: input.warehouseId,
          courierId: input.courierId ?? null,
          carId: input.type === 'car' ? (input.carId ?? null) : null,
          address: input.address,
          district: input.district ?? null,
          house: input.house ?? null,
          boxCount: input.boxCount,
          pricePerBox: input.pricePerBox,
          pricePerKm: input.pricePerKm,
          distanceM,
          weightG,
          cost: deliveryCost({ boxCount: input.boxCount, pricePerBox: input.pricePerBox, distanceM, pricePerKm: input.pricePerKm }),
          createdBy: actor.id,
          createdAt: now,
        })
        .returning({ id: deliveries.id });
      const deliveryId = created!.id;
      await tx.insert(deliveryStops).values(ordered.map((s, i) => ({ deliveryId, orderId: s.orderId, sequence: i + 1, lat: s.lat, lng: s.lng })));
      await recordAudit(tx, actor, { entity: 'delivery', entityId: deliveryId, action: 'create', after: { ...input, distanceM } });
      return deliveryId;
    });
  } catch (error) {
    // the order is already in another delivery (the unique stop per order)
    if (isUniqueViolation(error)) throw new AppError('DELIVERY_ORDER_NOT_READY', { params: { number: '' } });
    throw error;
  }
  return getDelivery(db, actor, id);
}

/**
 * DELETE /api/deliveries/:id: a planned delivery is taken apart (its orders stay approved for
 * shipment and may travel in another); once the warehouse took it, its orders' shipment is refused instead.
 */
export async function cancelDelivery(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, actor, id);
    if (!plansDeliveries(actor.role)) throw new AppError('FORBIDDEN');
    if (delivery.status !== 'planned') throw new AppError('DELIVERY_STATUS_REFUSED');
    const orderIds = await ordersOf(tx, id);
    await tx.delete(deliveries).where(eq(deliveries.id, id));
    await recordAudit(tx, actor, { entity: 'delivery', entityId: id, action: 'cancel', before: { orderIds } });
  });
}

/**
 * PUT /api/deliveries/:id/stops/order: the stops re-ordered by hand (every stop once); the distance
 * and the cost follow. The desk, the warehouse, or the delivery's courier, until it is completed.
 */
export async function reorderStops(db: Db, actor: Actor, id: number, stopIds: number[]): Promise<Delivery> {
  await db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, actor, id);
    if (!plansDeliveries(actor.role) && delivery.courierId !== actor.id) throw new AppError('FORBIDDEN');
    if (delivery.status === 'completed') throw new AppError('DELIVERY_STATUS_REFUSED');
    const stops = await tx
      .select({ id: deliveryStops.id, lat: deliveryStops.lat, lng: deliveryStops.lng })
      .from(deliveryStops)
      .where(eq(deliveryStops.deliveryId, id));
    const byId = new Map(stops.map((s) => [s.id, s]));
    if (stopIds.length !== stops.length || stopIds.some((s) => !byId.has(s))) throw fieldError('VALIDATION_FAILED', 'stopIds', 'invalidOption');
    const [warehouse] = await tx.select({ lat: warehouses.lat, lng: warehouses.lng }).from(warehouses).where(eq(warehouses.id, delivery.warehouseId));
    const located = stopIds.map((s) => byId.get(s)!).filter((s): s is typeof s & LatLng => s.lat !== null && s.lng !== null);
    const start = warehouse?.lat != null && warehouse.lng != null ? { lat: warehouse.lat, lng: warehouse.lng } : located[0];
    const distanceM = start
      ? Math.round(
          routeLengthMeters(
            start,
            located,
            located.map((_, i) => i),
          ),
        )
      : 0;
    for (const [index, stopId] of stopIds.entries())
      await tx
        .update(deliveryStops)
        .set({ sequence: index + 1 })
        .where(eq(deliveryStops.id, stopId));
    await tx
      .update(deliveries)
      .set({ distanceM, cost: deliveryCost({ boxCount: delivery.boxCount, pricePerBox: delivery.pricePerBox, distanceM, pricePerKm: delivery.pricePerKm }) })
      .where(eq(deliveries.id, id));
    await recordAudit(tx, actor, { entity: 'delivery', entityId: id, action: 'reorderStops', after: { stopIds, distanceM } });
  });
  return getDelivery(db, actor, id);
}

// ---------------------------------------------------------------- move
