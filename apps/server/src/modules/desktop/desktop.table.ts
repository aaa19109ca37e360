import { sql } from 'drizzle-orm';
import { pgTable, integer, bigint, timestamp, check } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** A rep's targets (Settings → Targets): one row per rep, written by upsert; a null column is not set. */
export const repTargets = pgTable(
  'rep_targets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitsPerDay: integer('visits_per_day'),
    coveragePercent: integer('coverage_percent'),
    /** tiyin at sale price, orders not cancelled, per calendar month */
    monthlySum: bigint('monthly_sum', { mode: 'number' }),
    updatedById: integer('updated_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rep_targets_visits_per_day_check', sql`${t.visitsPerDay} between 0 and 100`),
    check('rep_targets_coverage_percent_check', sql`${t.coveragePercent} between 0 and 100`),
    check('rep_targets_monthly_sum_check', sql`${t.monthlySum} >= 0`),
  ],
);
