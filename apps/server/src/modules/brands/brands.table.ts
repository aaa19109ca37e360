import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** Brand or counterparty (spec §3): the legal entity behind one or more organizations. */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    inn: text('inn').notNull(),
    legalName: text('legal_name').notNull(),
    legalAddress: text('legal_address').notNull(),
    bankName: text('bank_name').notNull(),
    bankAccount: text('bank_account').notNull(),
    mfo: text('mfo').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    /** searchText() of name, legal name, inn, bank and addresses: one key for either script (decision 028) */
    searchKey: text('search_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brands_inn_unique').on(t.inn),
    index('brands_name_idx').on(t.name, t.id),
    index('brands_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    check('brands_inn_format', sql`${t.inn} ~ '^[0-9]{9}$'`),
    check('brands_bank_account_format', sql`${t.bankAccount} ~ '^[0-9]{20}$'`),
    check('brands_mfo_format', sql`${t.mfo} ~ '^[0-9]{5}$'`),
  ],
);
