import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, bigint, date, timestamp, index, check } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orders } from './orders.table.js';

/**
 * A payment received against an order (tiyin). orders.paid is kept equal to the sum of the order's
 * payments, written in the same transaction; a mistaken payment is deleted (and audited).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidOn: date('paid_on').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    comment: text('comment'),
    recordedById: integer('recorded_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.id),
    index('payments_organization_idx').on(t.organizationId, t.paidOn),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_method_check', sql`${t.method} in ('cash', 'bankTransfer', 'card')`),
  ],
);
