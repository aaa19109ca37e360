import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  plansDeliveries,
  deliveryCost,
  deliveryStatusesOfTab,
  deliveryWarehouseSteps,
  formatPlate,
  orderActorsOfRole,
  planRoute,
  routeLengthMeters,
  stopOutcomeDistance,
  toOrderStatus,
  type createDeliveryBody,
  type deliverStopBody,
  type Delivery,
  type DeliveryOnMap,
  type DeliveryRouteStop,
  type DeliverySummary,
  type DeliveryWarehouseStep,
  type LatLng,
  type listDeliveriesQuery,
  type Paged,
  type ShippableOrder,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { offsetOf, orderBy } from '../../platform/paging.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isoInstant, isUniqueViolation } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orderPositions, orders } from '../orders/orders.table.js';
import { products } from '../catalog/catalog.table.js';
import { formatOrderNumber } from '../orders/orders.service.js';
import { moveOrder } from '../orders/order-moves.service.js';
import { cars, deliveries, deliveryStopPhotos, deliveryStops } from './logistics.table.js';

/** 12 → "000012": a delivery's number as shown. */
const formatDeliveryNumber = (n: number) => String(n).padStart(6, '0');

/** Grouping orders into deliveries and re-routing them is the desk's and the warehouse's work. */

const summaryColumns = {
  id: deliveries.id,
  numberValue: deliveries.number,
  date: sql<string>`${deliveries.date}::text`,
  type: deliveries.type,
  status: deliveries.status,
  courierId: deliveries.courierId,
  courierName: users.fullName,
  carId: deliveries.carId,
  carPlateValue: cars.plate,
  warehouseId: deliveries.warehouseId,
  warehouseName: warehouses.name,
  warehouseLat: warehouses.lat,
  warehouseLng: warehouses.lng,
  address: deliveries.address,
  district: deliveries.district,
  house: deliveries.house,
  boxCount: deliveries.boxCount,
  pricePerBox: deliveries.pricePerBox,
  pricePerKm: deliveries.pricePerKm,
  distanceM: deliveries.distanceM,
  weightG: deliveries.weightG,
  cost: deliveries.cost,
  stopCount: sql<number>`(select count(*)::int from ${deliveryStops} where ${deliveryStops.deliveryId} = ${deliveries.id})`,
  deliveredCount: sql<number>`(select count(*)::int from ${deliveryStops} where ${deliveryStops.deliveryId} = ${deliveries.id} and ${deliveryStops.status} = 'delivered')`,
  closedCount: sql<number>`(select count(*)::int from ${deliveryStops} where ${deliveryStops.deliveryId} = ${deliveries.id} and ${deliveryStops.status} <> 'pending')`,
  firstStopAddress: sql<
    string | null
  >`(select ${orders.deliveryAddress} from ${deliveryStops} join ${orders} on ${orders.id} = ${deliveryStops.orderId} where ${deliveryStops.deliveryId} = ${deliveries.id} order by ${deliveryStops.sequence}, ${deliveryStops.id} limit 1)`,
  courierLat: deliveries.courierLat,
  courierLng: deliveries.courierLng,
  courierAccuracy: deliveries.courierAccuracy,
  courierPositionAt: isoInstant(deliveries.courierPositionAt),
  createdAt: isoInstant(deliveries.createdAt),
};

const selectSummaries = (db: Db) =>
  db
    .select(summaryColumns)
    .from(deliveries)
    .innerJoin(warehouses, eq(warehouses.id, deliveries.warehouseId))
    .leftJoin(users, eq(users.id, deliveries.courierId))
    .leftJoin(cars, eq(cars.id, deliveries.carId));

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary(row: SummaryRow): DeliverySummary {
  return {
    id: row.id,
    number: formatDeliveryNumber(row.numberValue),
    date: row.date,
    type: row.type,
    status: row.status,
    courierId: row.courierId,
    courierName: row.courierName,
    carId: row.carId,
    carPlate: row.carPlateValue ? formatPlate(row.carPlateValue) : null,
    warehouseId: row.warehouseId,
    warehouseName: row.warehouseName,
    address: row.address,
    district: row.district,
    house: row.house,
    boxCount: row.boxCount,
    pricePerBox: row.pricePerBox,
    pricePerKm: row.pricePerKm,
    distanceM: row.distanceM,
    weightG: row.weightG,
    cost: row.cost,
    stopCount: Number(row.stopCount),
    deliveredCount: Number(row.deliveredCount),
    closedCount: Number(row.closedCount),
    firstStopAddress: row.firstStopAddress,
    // shared while the delivery is active; a completed delivery no longer shows where its courier is
    courierPosition:
      row.status !== 'completed' && row.courierLat !== null && row.courierLng !== null && row.courierPositionAt
        ? { lat: row.courierLat, lng: row.courierLng, accuracy: row.courierAccuracy, at: row.courierPositionAt }
        : null,
  };
}

// ---------------------------------------------------------------- read

const deliverySort = { date: deliveries.date, number: deliveries.number, cost: deliveries.cost, distance: deliveries.distanceM };

/** A page of deliveries by tab and dates, in the actor's scope: the rows with the warehouse's point, and the total. */
async function pageOfDeliveries(db: Db, actor: Actor, query: z.output<typeof listDeliveriesQuery>) {
  const where = and(
    inScope(actor, deliveries.courierId),
    query.tab ? inArray(deliveries.status, [...deliveryStatusesOfTab[query.tab]]) : undefined,
    query.from ? gte(deliveries.date, query.from) : undefined,
    query.to ? lte(deliveries.date, query.to) : undefined,
    query.courierId ? eq(deliveries.courierId, query.courierId) : undefined,
    query.orderId
      ? inArray(deliveries.id, db.select({ id: deliveryStops.deliveryId }).from(deliveryStops).where(eq(deliveryStops.orderId, query.orderId)))
      : undefined,
  );
  const sortBy = query.sort ? orderBy(query.sort, deliverySort, 'date', deliveries.id) : [desc(deliveries.date), desc(deliveries.id)];
  const [rows, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...sortBy)
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(deliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** GET /api/deliveries: by tab and dates; a courier sees their own deliveries, the desk and the warehouse all. */
export async function listDeliveries(db: Db, actor: Actor, query: z.output<typeof listDeliveriesQuery>): Promise<Paged<DeliverySummary>> {
  const { rows, total } = await pageOfDeliveries(db, actor, query);
  return { items: rows.map(toSummary), total, page: query.page, size: query.size };
}

/**
 * GET /api/deliveries/map: the same page with each delivery's route — its warehouse's point and its
 * stops in route order — in two queries, so a day's map is one request, not one per delivery.
 */
export async function listDeliveryRoutes(db: Db, actor: Actor, query: z.output<typeof listDeliveriesQuery>): Promise<Paged<DeliveryOnMap>> {
  const { rows, total } = await pageOfDeliveries(db, actor, query);
  const stops = rows.length
    ? await db
        .select({
          deliveryId: deliveryStops.deliveryId,
          id: deliveryStops.id,
          sequence: deliveryStops.sequence,
          organizationName: organizations.name,
          address: orders.deliveryAddress,
          lat: deliveryStops.lat,
          lng: deliveryStops.lng,
          status: deliveryStops.status,
        })
        .from(deliveryStops)
        .innerJoin(orders, eq(orders.id, deliveryStops.orderId))
        .innerJoin(organizations, eq(organizations.id, orders.organizationId))
        .where(
          inArray(
            deliveryStops.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(deliveryStops.deliveryId), asc(deliveryStops.sequence), asc(deliveryStops.id))
    : [];
  const stopsOf = new Map<number, DeliveryRouteStop[]>();
  for (const { deliveryId, ...stop } of stops) stopsOf.set(deliveryId, [...(stopsOf.get(deliveryId) ?? []), stop]);
  return {
    items: rows.map((row) => ({
      ...toSummary(row),
      warehouseLat: row.warehouseLat,
      warehouseLng: row.warehouseLng,
      stops: stopsOf.get(row.id) ?? [],
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

/** GET /api/deliveries/:id: the delivery with its stops in route order (404 outside the actor's scope). */
export async function getDelivery(db: Db, actor: Actor, id: number): Promise<Delivery> {
  const [row] = await selectSummaries(db).where(and(eq(deliveries.id, id), inScope(actor, deliveries.courierId)));
  if (!row) throw notFound();
  const stops = await db
    .select({
      id: deliveryStops.id,
      sequence: deliveryStops.sequence,
      orderId: deliveryStops.orderId,
      orderNumberValue: orders.number,
      orderStatus: orders.status,
      organizationId: orders.organizationId,
      organizationName: organizations.name,
      phone: organizations.phone,
      address: orders.deliveryAddress,
      lat: deliveryStops.lat,
      lng: deliveryStops.lng,
      sumSale: orders.sumSale,
      status: deliveryStops.status,
      recipientName: deliveryStops.recipientName,
      refusalReason: deliveryStops.refusalReason,
      deliveredAt: isoInstant(deliveryStops.deliveredAt),
      proofLat: deliveryStops.proofLat,
      proofLng: deliveryStops.proofLng,
      proofAccuracy: deliveryStops.proofAccuracy,
      proofDistanceM: deliveryStops.proofDistanceM,
      proofFar: deliveryStops.proofFar,
      hasPhoto: sql<boolean>`exists (select 1 from ${deliveryStopPhotos} where ${deliveryStopPhotos.stopId} = ${deliveryStops.id})`,
    })
    .from(deliveryStops)
    .innerJoin(orders, eq(orders.id, deliveryStops.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .where(eq(deliveryStops.deliveryId, id))
    .orderBy(asc(deliveryStops.sequence), asc(deliveryStops.id));
  const positions = stops.length
    ? await db
        .select({
          id: orderPositions.id,
          orderId: orderPositions.orderId,
          productName: products.name,
          quantity: orderPositions.quantity,
          sumSale: orderPositions.sumSale,
        })
        .from(orderPositions)
        .innerJoin(products, eq(products.id, orderPositions.productId))
        .where(
          inArray(
            orderPositions.orderId,
            stops.map((s) => s.orderId),
          ),
        )
        .orderBy(asc(orderPositions.id))
    : [];
  return {
    ...toSummary(row),
    warehouseLat: row.warehouseLat,
    warehouseLng: row.warehouseLng,
    createdAt: row.createdAt,
    stops: stops.map(({ orderNumberValue, orderStatus, deliveredAt, proofLat, proofLng, proofAccuracy, proofDistanceM, proofFar, ...s }) => ({
      ...s,
      orderNumber: formatOrderNumber(orderNumberValue),
      orderStatus: toOrderStatus(orderStatus),
      deliveredAt: s.status === 'pending' ? null : deliveredAt,
      proof:
        s.status === 'pending' || proofLat === null || proofLng === null
          ? null
          : { lat: proofLat, lng: proofLng, accuracy: proofAccuracy, distanceM: proofDistanceM, far: proofFar },
      hasPhoto: Boolean(s.hasPhoto),
      positions: positions.filter((p) => p.orderId === s.orderId).map(({ orderId: _, ...p }) => p),
    })),
  };
}

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

/** Locks the delivery row in scope and answers it (404 outside the actor's scope). */
async function lockDelivery(tx: Tx, actor: Actor, id: number) {
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

async function ordersOf(tx: Tx, deliveryId: number) {
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

/** The waybill photo is part of the proof of delivery (decision 014): a stop is not delivered, in full or in part, without it. */
export async function requireStopPhoto(tx: Tx, stopId: number) {
  const [photo] = await tx.select({ stopId: deliveryStopPhotos.stopId }).from(deliveryStopPhotos).where(eq(deliveryStopPhotos.stopId, stopId));
  if (!photo) throw new AppError('DELIVERY_PHOTO_REQUIRED');
}
