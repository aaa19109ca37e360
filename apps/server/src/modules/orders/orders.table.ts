import { sql } from 'drizzle-orm';
import { pgTable, pgSequence, serial, text, integer, bigint, date, timestamp, index, uniqueIndex, check, primaryKey } from 'drizzle-orm/pg-core';
import { orderStatuses, type ClientType, type OrderStatus, type PaymentVariant } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { products } from '../catalog/catalog.table.js';
import { batches } from '../stock/stock.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { visits } from '../visits/visits.table.js';

/** Order numbers: sequential, unique, never reused (a sequence never gives a number back, even on rollback). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1 });

const statusList = sql.raw(orderStatuses.map((s) => `'${s}'`).join(', '));

/**
 * An order (spec §3). Money in tiyin, percentages in basis points; the totals are
 * the sums of the order's positions, written in the same transaction as they are.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    date: date('date').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('new'),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    clientType: text('client_type').$type<ClientType>().notNull(),
    paymentVariant: text('payment_variant').$type<PaymentVariant>().notNull(),
    prepaymentBp: integer('prepayment_bp').notNull().default(0),
    /** the markup asked for the whole order; null = per product from the trade settings */
    markupBp: integer('markup_bp'),
    vatBp: integer('vat_bp').notNull(),
    contractNumber: text('contract_number'),
    invoice: text('invoice'),
    deliveryAddress: text('delivery_address').notNull(),
    comment: text('comment'),
    operatorComment: text('operator_comment'),
    refusalReason: text('refusal_reason'),
    sumBase: bigint('sum_base', { mode: 'number' }).notNull().default(0),
    sumBaseWithVat: bigint('sum_base_with_vat', { mode: 'number' }).notNull().default(0),
    sumSale: bigint('sum_sale', { mode: 'number' }).notNull().default(0),
    prepaymentAmount: bigint('prepayment_amount', { mode: 'number' }).notNull().default(0),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    // the organization last: the region filter of /orders walks this index without the table (bench/orders-list.ts)
    index('orders_date_idx').on(t.date, t.id, t.organizationId),
    index('orders_agent_date_idx').on(t.agentId, t.date, t.id),
    index('orders_organization_date_idx').on(t.organizationId, t.date, t.id),
    index('orders_status_date_idx').on(t.status, t.date, t.id),
    // the /orders client-type filter: its pages and its count index-only (bench/orders-list.ts)
    index('orders_client_type_date_idx').on(t.clientType, t.date, t.id),
    index('orders_visit_idx').on(t.visitId),
    check('orders_status_check', sql`${t.status} in (${statusList})`),
    check('orders_client_type_check', sql`${t.clientType} in ('wholesale', 'retail')`),
    check('orders_payment_variant_check', sql`${t.paymentVariant} in ('cash', 'bankTransfer', 'card', 'deferred')`),
    check('orders_percent_check', sql`${t.prepaymentBp} between 0 and 10000 and ${t.vatBp} >= 0 and (${t.markupBp} is null or ${t.markupBp} >= 0)`),
    check('orders_sums_check', sql`${t.sumBase} >= 0 and ${t.sumBaseWithVat} >= 0 and ${t.sumSale} >= 0 and ${t.prepaymentAmount} >= 0 and ${t.paid} >= 0`),
  ],
);

/** One batch of a product in an order, as FEFO allocated it, at its prices. */
export const orderPositions = pgTable(
  'order_positions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    basePrice: bigint('base_price', { mode: 'number' }).notNull(),
    basePriceWithVat: bigint('base_price_with_vat', { mode: 'number' }).notNull(),
    markupBp: integer('markup_bp').notNull(),
    vatBp: integer('vat_bp').notNull(),
    salePrice: bigint('sale_price', { mode: 'number' }).notNull(),
    sumBase: bigint('sum_base', { mode: 'number' }).notNull(),
    sumBaseWithVat: bigint('sum_base_with_vat', { mode: 'number' }).notNull(),
    sumSale: bigint('sum_sale', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('order_positions_order_idx').on(t.orderId, t.id),
    index('order_positions_product_idx').on(t.productId),
    index('order_positions_batch_idx').on(t.batchId),
    check('order_positions_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Every status move of an order: who, when, from what, why (the steps of /orders-item). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byId: integer('by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason'),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.at, t.id),
    // /order-history: the feed newest first, and by who moved the orders
    index('order_status_history_at_idx').on(t.at, t.id),
    index('order_status_history_by_idx').on(t.byId, t.at, t.id),
  ],
);

/**
 * Idempotent creation: one row per (user, Idempotency-Key). The key is inserted first in the creating
 * transaction, so a concurrent retry waits on the unique key and then finds the order; a request with
 * the same key and another body is refused (IDEMPOTENCY_KEY_REUSED).
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** the SHA-256 of the creating request's canonical JSON body: the key answers only the same request again */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
