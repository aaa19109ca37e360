import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { organizations } from './organizations.table.js';

/**
 * Blacklist entries (spec §3: reason, creator, block date). An entry is active
 * until unblocked; at most one active entry per organization (never blocked twice).
 * Unblocked entries stay as history.
 */
export const organizationBlacklist = pgTable(
  'organization_blacklist',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    unblockedAt: timestamp('unblocked_at', { withTimezone: true }),
    unblockedBy: integer('unblocked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('organization_blacklist_active_unique')
      .on(t.organizationId)
      .where(sql`${t.unblockedAt} is null`),
    index('organization_blacklist_org_idx').on(t.organizationId, t.createdAt),
    check('organization_blacklist_reason', sql`length(trim(${t.reason})) > 0`),
  ],
);
