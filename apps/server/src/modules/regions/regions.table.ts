import { pgTable, serial, text, jsonb, integer, index } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@pharma/contracts';

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
  },
  (t) => [index('districts_region_idx').on(t.regionId)],
);
