import { pgTable, serial, text, integer } from 'drizzle-orm/pg-core';
import { regions } from '../regions/regions.table.js';

/** Departments and branches: named units of the company, one shape for both. */
const orgUnitTable = <N extends string>(name: N) =>
  pgTable(name, {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description'),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
  });

export const departments = orgUnitTable('departments');
export const branches = orgUnitTable('branches');
export const orgUnitTables = { departments, branches } as const;
export type OrgUnitKind = keyof typeof orgUnitTables;
