import { pgTable, serial, integer, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { regions, districts } from '../regions/regions.table.js';

/**
 * The regions or districts a user works in (district null = the whole region).
 * Organizations are scoped by them: see inTerritory() in territories.service.ts.
 */
export const userTerritories = pgTable(
  'user_territories',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('user_territories_unique').on(t.userId, t.regionId, t.districtId).nullsNotDistinct()],
);
