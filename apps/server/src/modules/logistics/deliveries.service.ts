import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  deliveryStatusesOfTab,
  formatPlate,
  toOrderStatus,
  type Delivery,
  type DeliveryOnMap,
  type DeliveryRouteStop,
  type DeliverySummary,
  type listDeliveriesQuery,
  type Paged,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { type Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { offsetOf, orderBy } from '../../platform/paging.js';

import { isoInstant } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orderPositions, orders } from '../orders/orders.table.js';
import { products } from '../catalog/catalog.table.js';
import { formatOrderNumber } from '../orders/orders.service.js';

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
