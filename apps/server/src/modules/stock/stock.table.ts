import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, bigint, date, timestamp, index, check } from 'drizzle-orm/pg-core';
import type { BatchStatus, WriteOffReason } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { products } from '../catalog/catalog.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { incomes } from '../incomes/incomes.table.js';

/**
 * A batch: a product's series (and serial number) with its expiry date in one
 * warehouse, as one income line brought it in. Free balance = on_hand − reserved;
 * the database refuses anything that would make it negative. Counters change only
 * by conditional UPDATE or under a row lock (stock.service.ts).
 */
export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    incomeId: integer('income_id')
      .notNull()
      .references(() => incomes.id, { onDelete: 'restrict' }),
    /** the income's date, kept here so the income projection pages by one index */
    receivedOn: date('received_on').notNull(),
    series: text('series').notNull(),
    serialNumber: text('serial_number'),
    expiryDate: date('expiry_date').notNull(),
    receivedQuantity: integer('received_quantity').notNull(),
    onHand: integer('on_hand').notNull(),
    reserved: integer('reserved').notNull().default(0),
    status: text('status').$type<BatchStatus>().notNull().default('available'),
    statusReason: text('status_reason'),
    /** tiyin per unit, and the percentages in basis points (pricing.ts) */
    basePrice: bigint('base_price', { mode: 'number' }).notNull(),
    vatBp: integer('vat_bp').notNull(),
    basePriceWithVat: bigint('base_price_with_vat', { mode: 'number' }).notNull(),
    markupBp: integer('markup_bp').notNull(),
    salePrice: bigint('sale_price', { mode: 'number' }).notNull(),
    /** bumped by every change of the row except reservations (optimistic locking of /editable) */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('batches_fefo_idx').on(t.productId, t.expiryDate, t.id),
    index('batches_received_idx').on(t.receivedOn, t.id),
    index('batches_warehouse_received_idx').on(t.warehouseId, t.receivedOn, t.id),
    index('batches_product_received_idx').on(t.productId, t.receivedOn, t.id),
    index('batches_expiry_idx').on(t.expiryDate, t.id),
    index('batches_income_idx').on(t.incomeId),
    check('batches_balance_check', sql`${t.onHand} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    check('batches_received_check', sql`${t.receivedQuantity} > 0`),
    check('batches_status_check', sql`${t.status} in ('available', 'quarantine', 'recalled')`),
    check('batches_price_check', sql`${t.basePrice} >= 0 and ${t.basePriceWithVat} >= 0 and ${t.salePrice} >= 0 and ${t.vatBp} >= 0 and ${t.markupBp} >= 0`),
  ],
);

/** Removed-stock records (write-offs): quantity, reason, who, when. */
export const writeOffs = pgTable(
  'write_offs',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').$type<WriteOffReason>().notNull(),
    comment: text('comment'),
    /** quantity × the batch's base price with VAT at the time, tiyin */
    sumBaseWithVat: bigint('sum_base_with_vat', { mode: 'number' }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('write_offs_created_idx').on(t.createdAt, t.id),
    index('write_offs_batch_idx').on(t.batchId),
    check('write_offs_quantity_check', sql`${t.quantity} > 0`),
    check('write_offs_reason_check', sql`${t.reason} in ('expired', 'damaged', 'defect', 'recalled', 'lost', 'other')`),
  ],
);
