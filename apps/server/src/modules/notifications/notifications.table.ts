import { pgTable, bigserial, text, integer, jsonb, timestamp, index, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind, NotificationSubjectType } from '@pharma/contracts';
import { users } from '../users/users.table.js';

/**
 * What told a user that something needs them (issue 17). A row is written in the transaction of the
 * change that causes it, so it is the outbox too: delivery reads from here, never from memory.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    subjectType: text('subject_type').$type<NotificationSubjectType>(),
    subjectId: integer('subject_id'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Telegram delivery (null: not asked for): `pending` when written for a user who chose Telegram for
     * the kind, `sending` while an instance holds it (since telegram_sent_at), `sent`, or `failed`
     */
    telegramStatus: text('telegram_status').$type<'pending' | 'sending' | 'sent' | 'failed'>(),
    /** when the status last moved (claimed, sent or given up) */
    telegramSentAt: timestamp('telegram_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // the bell's count: a user's unread ones
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // the Telegram sweep: what still waits to be sent
    index('notifications_telegram_due_idx')
      .on(t.id)
      .where(sql`${t.telegramStatus} in ('pending', 'sending')`),
  ],
);

/** How each kind reaches a user; a kind without a row reaches them in the app. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** One-time codes that link a Telegram chat to a user (issue 17): deleted when used, useless when expired. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    code: text('code').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);
