import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, date, timestamp, uniqueIndex, index, check } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { products } from '../catalog/catalog.table.js';
import { organizations } from '../organizations/organizations.table.js';

/**
 * /matrix: the planned packs of a product for an organization in a month (month = its first day);
 * one row per organization × product × month, written by upsert.
 */
export const orderPlans = pgTable(
  'order_plans',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    quantity: integer('quantity').notNull(),
    updatedById: integer('updated_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_plans_organization_product_month_idx').on(t.organizationId, t.productId, t.month),
    index('order_plans_month_idx').on(t.month, t.organizationId),
    check('order_plans_quantity_check', sql`${t.quantity} >= 0`),
    check('order_plans_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);
