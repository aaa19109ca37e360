import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, boolean, timestamp, date, jsonb, index, primaryKey } from 'drizzle-orm/pg-core';
import type { EventColour, EventRepeat, EventResponse } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';

/** The events calendar (issue 17 item 4): one row per event; a repeat is expanded when read (decision 047). */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    place: text('place'),
    colour: text('colour').$type<EventColour>().notNull().default('blue'),
    /** the first occurrence; an all-day event runs from its first business day's start to the start of the day after its last */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    repeat: text('repeat').$type<EventRepeat>().notNull().default('none'),
    repeatUntil: date('repeat_until', { mode: 'string' }),
    repeatCount: integer('repeat_count'),
    /** business dates whose occurrence is left out */
    exceptions: jsonb('exceptions').$type<string[]>().notNull().default([]),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_organizer_idx').on(t.organizerId),
    // the calendar's range: events starting before its end (a repeat may reach into it from long ago)
    index('events_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.cancelledAt} is null`),
  ],
);

/** Who is invited to an event, and their answer. */
export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    response: text('response').$type<EventResponse>().notNull().default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_participants_user_idx').on(t.userId, t.eventId)],
);
