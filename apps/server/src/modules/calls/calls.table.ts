import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, boolean, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import type { CallDirection, CallMatchType, CallOutcome, CallState, TelephonyAdapter } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { doctors } from '../doctors/doctors.table.js';

/** The call log (issue 18): one row per PBX call id, updated by each of its events. */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    /** the PBX's call id: its events update this one row */
    externalId: text('external_id').notNull(),
    direction: text('direction').$type<CallDirection>().notNull(),
    state: text('state').$type<CallState>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    /** the client's side, normalised (+998…), null when it is no Uzbek number */
    phone: text('phone'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** when it was answered (the PBX's 'answered' event): an end without a duration is timed from it */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** answer → hang-up, in seconds (0: not answered) */
    durationSeconds: integer('duration_seconds').notNull().default(0),
    outcome: text('outcome').$type<CallOutcome>(),
    /** the user whose extension rang or dialled */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** what the number was matched to (a snapshot of its name for the log) */
    matchType: text('match_type').$type<CallMatchType>(),
    matchId: integer('match_id'),
    matchName: text('match_name'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    doctorId: integer('doctor_id').references(() => doctors.id, { onDelete: 'set null' }),
    /** the recording's http(s) address (contracts' recordingUrl) */
    recordingUrl: text('recording_url'),
    note: text('note'),
    /** a missed call from a client was made a task (once) */
    missedHandled: boolean('missed_handled').notNull().default(false),
    taskId: integer('task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_external_id_unique').on(t.externalId),
    index('calls_started_idx').on(t.startedAt, t.id),
    index('calls_user_idx').on(t.userId, t.startedAt),
    index('calls_organization_idx').on(t.organizationId),
    index('calls_phone_idx').on(t.phone),
    check('calls_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('calls_state_check', sql`${t.state} in ('ringing', 'answered', 'ended')`),
  ],
);

/** Each user's extension on the PBX (Settings → Telephony): click-to-call rings it first; a ringing one pops the card. */
export const telephonyExtensions = pgTable(
  'telephony_extensions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    extension: text('extension').notNull(),
  },
  (t) => [uniqueIndex('telephony_extensions_extension_unique').on(t.extension)],
);

/** Settings → Telephony: one row, the adapter chosen. */
export const telephonySettings = pgTable('telephony_settings', {
  id: integer('id').primaryKey().default(1),
  adapter: text('adapter').$type<TelephonyAdapter>().notNull().default('none'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
