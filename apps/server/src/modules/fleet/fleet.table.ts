import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, boolean, timestamp, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

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
