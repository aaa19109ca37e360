import { sql } from 'drizzle-orm';
import { pgTable, pgSequence, serial, text, integer, bigint, boolean, date, doublePrecision, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.js';
import type { DeliveryStatus, DeliveryType, StopStatus } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../catalog/catalog.table.js';
import { batches } from '../stock/stock.table.js';

/** The fleet's cars (issue 7): plate without spaces, capacity in kg and boxes, the usual courier. */
export const cars = pgTable(
  'cars',
  {
    id: serial('id').primaryKey(),
    plate: text('plate').notNull(),
    model: text('model').notNull(),
    capacityKg: integer('capacity_kg').notNull(),
    capacityBoxes: integer('capacity_boxes').notNull(),
    courierId: integer('courier_id').references(() => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cars_plate_idx').on(t.plate), check('cars_capacity_check', sql`${t.capacityKg} > 0 and ${t.capacityBoxes} > 0`)],
);

/** Delivery numbers: sequential, never reused (like order numbers). */
export const deliveryNumberSeq = pgSequence('delivery_number_seq', { startWith: 1, increment: 1 });

/**
 * A delivery (spec §3): orders travelling together from a warehouse, by a courier (and car), with
 * its boxes, prices (tiyin) and the planned route's length in metres.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('delivery_number_seq')`),
    date: date('date').notNull(),
    type: text('type').$type<DeliveryType>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('planned'),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    courierId: integer('courier_id').references(() => users.id, { onDelete: 'restrict' }),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    district: text('district'),
    house: text('house'),
    boxCount: integer('box_count').notNull(),
    pricePerBox: bigint('price_per_box', { mode: 'number' }).notNull(),
    pricePerKm: bigint('price_per_km', { mode: 'number' }).notNull().default(0),
    distanceM: integer('distance_m').notNull().default(0),
    /** the goods' weight in grams: the positions' quantities × their products' unit weight */
    weightG: bigint('weight_g', { mode: 'number' }).notNull().default(0),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** the courier's last shared position while the delivery is active (the operator's map) */
    courierLat: doublePrecision('courier_lat'),
    courierLng: doublePrecision('courier_lng'),
    courierAccuracy: doublePrecision('courier_accuracy'),
    courierPositionAt: timestamp('courier_position_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deliveries_number_idx').on(t.number),
    index('deliveries_date_idx').on(t.date, t.id),
    index('deliveries_courier_date_idx').on(t.courierId, t.date, t.id),
    check('deliveries_type_check', sql`${t.type} in ('ownCourier', 'car', 'pickup')`),
    check('deliveries_status_check', sql`${t.status} in ('planned', 'in_assembly', 'ready', 'on_the_way', 'completed')`),
    check('deliveries_numbers_check', sql`${t.boxCount} > 0 and ${t.pricePerBox} >= 0 and ${t.pricePerKm} >= 0 and ${t.distanceM} >= 0 and ${t.cost} >= 0`),
  ],
);

/** A stop of a delivery: one order, in route order, with its proof of delivery once delivered. */
export const deliveryStops = pgTable(
  'delivery_stops',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sequence: integer('sequence').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    status: text('status').$type<StopStatus>().notNull().default('pending'),
    recipientName: text('recipient_name'),
    refusalReason: text('refusal_reason'),
    proofLat: doublePrecision('proof_lat'),
    proofLng: doublePrecision('proof_lng'),
    proofAccuracy: doublePrecision('proof_accuracy'),
    /** metres from the proof position to the stop's point (null without a point) and beyond the radius (issue 13) */
    proofDistanceM: integer('proof_distance_m'),
    proofFar: boolean('proof_far').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: integer('delivered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // an order travels in one delivery
    uniqueIndex('delivery_stops_order_idx').on(t.orderId),
    index('delivery_stops_delivery_idx').on(t.deliveryId, t.sequence),
    check('delivery_stops_status_check', sql`${t.status} in ('pending', 'delivered', 'partial', 'refused')`),
  ],
);

/** What came back from a stop delivered in part or refused: per position and batch, back on the shelf. */
export const deliveryReturns = pgTable(
  'delivery_returns',
  {
    id: serial('id').primaryKey(),
    stopId: integer('stop_id')
      .notNull()
      .references(() => deliveryStops.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /**
     * tiyin per unit: the order position's sale price when it came back (a partial delivery removes a position
     * taken at 0, so the price is kept here); quantity × it is the value returned (analytics' returnedSum)
     */
    salePrice: bigint('sale_price', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_returns_stop_idx').on(t.stopId),
    index('delivery_returns_order_idx').on(t.orderId),
    index('delivery_returns_batch_idx').on(t.batchId),
    check('delivery_returns_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** The photo of the signed waybill at a stop (proof of delivery): one per stop, replaced while the stop is pending. */
export const deliveryStopPhotos = pgTable(
  'delivery_stop_photos',
  {
    stopId: integer('stop_id')
      .primaryKey()
      .references(() => deliveryStops.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_stop_photos_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png')`),
    check('delivery_stop_photos_size_check', sql`${t.size} > 0`),
  ],
);
