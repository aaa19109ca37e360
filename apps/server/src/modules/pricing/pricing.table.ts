import { sql } from 'drizzle-orm';
import { pgTable, integer, timestamp, check } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { categories } from '../catalog/catalog.table.js';

/** Settings → prepayments and markups: one row (id 1); percentages in basis points. */
export const tradeSettings = pgTable(
  'trade_settings',
  {
    id: integer('id').primaryKey().default(1),
    vatBp: integer('vat_bp').notNull(),
    wholesaleMarkupBp: integer('wholesale_markup_bp').notNull(),
    retailMarkupBp: integer('retail_markup_bp').notNull(),
    prepaymentBp: integer('prepayment_bp').notNull(),
    shortDatedDays: integer('short_dated_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('trade_settings_single_row', sql`${t.id} = 1`)],
);

/** A category's (or subcategory's) markup by client type, overriding the default; null = not set. */
export const categoryMarkups = pgTable('category_markups', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  wholesaleBp: integer('wholesale_bp'),
  retailBp: integer('retail_bp'),
});
