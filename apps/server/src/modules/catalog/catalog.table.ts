import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, bigint, boolean, jsonb, timestamp, index, uniqueIndex, check, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Country, LocalizedText, MedicationStatus, UnitOfMeasure } from '@pharma/contracts';
import { users } from '../users/users.table.js';

/** Producers (manufacturers) of the catalog's products. */
export const producers = pgTable(
  'producers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country').$type<Country>().notNull(),
    /** searchKey(name) */
    searchKey: text('search_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('producers_name_idx').on(t.name), index('producers_search_idx').using('gin', t.searchKey.op('gin_trgm_ops'))],
);

/** Categories and their subcategories (two levels: a subcategory has a parent). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

/** The catalog: what the distributor sells (spec §3 Product). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'restrict' }),
    country: text('country').$type<Country>().notNull(),
    unit: text('unit').$type<UnitOfMeasure>().notNull(),
    /** catalog price per unit, tiyin */
    price: bigint('price', { mode: 'number' }),
    /** grams per unit */
    weightG: integer('weight_g'),
    barcode: text('barcode').unique(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: integer('subcategory_id').references(() => categories.id, { onDelete: 'set null' }),
    medicationStatus: text('medication_status').$type<MedicationStatus>().notNull().default('pending'),
    medicationStatusNote: text('medication_status_note'),
    medicationStatusAt: timestamp('medication_status_at', { withTimezone: true }),
    medicationStatusBy: integer('medication_status_by').references(() => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    /** searchKey(name producer barcode): search in any script */
    searchKey: text('search_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    index('products_name_idx').on(t.name, t.id),
    index('products_producer_idx').on(t.producerId),
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    index('products_medication_status_idx').on(t.medicationStatus, t.name),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_unit_check', sql`${t.unit} in ('package', 'piece', 'kg')`),
    check('products_medication_status_check', sql`${t.medicationStatus} in ('pending', 'acquainted', 'denied')`),
  ],
);
