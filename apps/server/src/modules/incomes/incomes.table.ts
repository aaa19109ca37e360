import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, bigint, date, timestamp, index, check } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';

/** A goods receipt: brings batches into a warehouse (its lines are the batches, see stock). */
export const incomes = pgTable(
  'incomes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    date: date('date').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    supplier: text('supplier').notNull(),
    supplierInvoice: text('supplier_invoice'),
    comment: text('comment'),
    /** the document's defaults, basis points */
    vatBp: integer('vat_bp').notNull(),
    markupBp: integer('markup_bp').notNull(),
    /** totals of the lines as received (pricing.ts rule 3) */
    lineCount: integer('line_count').notNull(),
    quantity: integer('quantity').notNull(),
    sumBase: bigint('sum_base', { mode: 'number' }).notNull(),
    sumBaseWithVat: bigint('sum_base_with_vat', { mode: 'number' }).notNull(),
    sumSale: bigint('sum_sale', { mode: 'number' }).notNull(),
    /** searchKey(number supplier invoice) */
    searchKey: text('search_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('incomes_date_idx').on(t.date, t.id),
    index('incomes_warehouse_date_idx').on(t.warehouseId, t.date),
    // covers the income projection's row count (sum of line counts) as an index-only scan
    index('incomes_line_count_idx').on(t.date, t.warehouseId, t.lineCount),
    index('incomes_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    check('incomes_totals_check', sql`${t.lineCount} > 0 and ${t.quantity} > 0 and ${t.sumBase} >= 0 and ${t.sumBaseWithVat} >= 0 and ${t.sumSale} >= 0`),
  ],
);
