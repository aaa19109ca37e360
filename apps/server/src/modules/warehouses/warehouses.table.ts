import { pgTable, serial, text, integer, boolean, timestamp, uniqueIndex, doublePrecision } from 'drizzle-orm/pg-core';
import { regions } from '../regions/regions.table.js';

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    address: text('address'),
    /** the departure point of deliveries */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('warehouses_name_idx').on(t.name)],
);
