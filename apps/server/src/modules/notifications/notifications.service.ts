import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  defaultNotificationChannel,
  notificationKinds,
  type listNotificationsQuery,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationSettings,
  type NotificationSignal,
  type NotificationSubjectType,
  type Role,
  type saveNotificationSettingsBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { isoInstant } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { notifications, notificationSettings } from './notifications.table.js';

/** The channel every instance LISTENs on; a NOTIFY's payload is one notification with its user (decision 044). */
export const notificationChannel = 'notifications';

export interface NotificationInput {
  /** the users it is for, or every active user of a role (the operators' desk) */
  to: readonly number[] | { role: Role };
  kind: NotificationKind;
  subject?: { type: NotificationSubjectType; id: number };
  params?: Record<string, string | number>;
}

/**
 * Tells users that something needs them, inside the transaction of the change (issue 17): the rows are
 * the outbox, and the NOTIFY that wakes every server instance is sent by PostgreSQL only when the
 * transaction commits — a rolled-back change tells nobody, a committed one is never lost (a stream that
 * missed the NOTIFY reads the rows when it reconnects). A user who turned the kind off gets nothing.
 */
export async function notify(tx: Tx, input: NotificationInput): Promise<void> {
  const recipients =
    'role' in input.to
      ? sql`select ${users.id} as user_id from ${users} where ${users.role} = ${input.to.role} and ${users.active}`
      : input.to.length
        ? sql`select distinct u::int as user_id from unnest(string_to_array(${input.to.join(',')}, ',')) u`
        : null;
  if (!recipients) return;
  await tx.execute(sql`
    with recipients as (${recipients}),
    wanted as (
      select r.user_id from recipients r
      where not exists (
        select 1 from ${notificationSettings} s
        where s.user_id = r.user_id and s.kind = ${input.kind} and s.channel = 'off'
      )
    ),
    inserted as (
      insert into ${notifications} (user_id, kind, subject_type, subject_id, params, telegram_status)
      select w.user_id, ${input.kind}, ${input.subject?.type ?? null}, ${input.subject?.id ?? null}, ${JSON.stringify(input.params ?? {})}::jsonb,
        -- also to Telegram: the user chose it for the kind and has linked a chat
        case when exists (
          select 1 from ${notificationSettings} s join ${users} u on u.id = s.user_id
          where s.user_id = w.user_id and s.kind = ${input.kind} and s.channel = 'telegram' and u.telegram_chat_id is not null
        ) then 'pending' end
      from wanted w
      returning id, user_id, kind, subject_type, subject_id, params, created_at, telegram_status
    )
    select pg_notify(${notificationChannel}, json_build_object(
      'id', id, 'userId', user_id, 'kind', kind, 'subjectType', subject_type, 'subjectId', subject_id, 'params', params,
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'readAt', null,
      'telegram', telegram_status is not null
    )::text) from inserted`);
}

/**
 * Tells users' open streams something that is no notification (a member read a conversation), on
 * commit when `tx` is a transaction; nothing is stored, so a stream that was closed misses it and its
 * screen reads afresh when it opens.
 */
export async function signal(tx: Tx, userIds: readonly number[], s: NotificationSignal): Promise<void> {
  if (!userIds.length) return;
  await tx.execute(sql`
    select pg_notify(${notificationChannel}, (${JSON.stringify(s)}::jsonb || jsonb_build_object('userId', u::int))::text)
    from unnest(string_to_array(${userIds.join(',')}, ',')) u`);
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  subjectType: notifications.subjectType,
  subjectId: notifications.subjectId,
  params: notifications.params,
  createdAt: isoInstant(notifications.createdAt),
  readAt: sql<string | null>`case when ${notifications.readAt} is null then null else ${isoInstant(notifications.readAt)} end`,
};

async function unreadOf(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** GET /api/notifications: the actor's own, newest first, a page by keyset (`before` = the last id shown). */
export async function listNotifications(db: Db, actor: Actor, query: z.output<typeof listNotificationsQuery>): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, actor.id),
          query.before ? lt(notifications.id, query.before) : undefined,
          query.unread === 'true' ? isNull(notifications.readAt) : undefined,
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(query.size + 1),
    unreadOf(db, actor.id),
  ]);
  return { items: rows.slice(0, query.size) as Notification[], unread, hasMore: rows.length > query.size };
}

/** The actor's notifications after `afterId`, oldest first: what a reconnecting stream missed. */
export async function notificationsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<Notification[]> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.id} > ${afterId}`))
    .orderBy(sql`${notifications.id} desc`)
    .limit(limit);
  return (rows as Notification[]).reverse();
}

/** The newest notification id of a user (a stream that starts fresh sends only what comes after it). */
export async function lastNotificationId(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)::bigint` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return Number(row?.id ?? 0);
}

/** POST /api/notifications/:id/read: one of the actor's own (another user's is not found). */
export async function markNotificationRead(db: Db, actor: Actor, id: number): Promise<{ unread: number }> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ id: notifications.id });
  if (!row) throw notFound();
  return { unread: await unreadOf(db, actor.id) };
}

/** POST /api/notifications/read-all */
export async function markAllNotificationsRead(db: Db, actor: Actor): Promise<{ unread: number }> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  return { unread: 0 };
}

/** GET /api/notifications/settings: every kind with its channel (the default where the user chose none). */
export async function getNotificationSettings(db: Db, actor: Actor, telegramAvailable: boolean): Promise<NotificationSettings> {
  const [chosen, [user]] = await Promise.all([
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, actor.id)),
    db.select({ telegramChatId: users.telegramChatId }).from(users).where(eq(users.id, actor.id)),
  ]);
  const byKind = new Map(chosen.map((s) => [s.kind, s.channel]));
  return {
    items: notificationKinds.map((kind) => ({ kind, channel: byKind.get(kind) ?? defaultNotificationChannel })),
    telegramAvailable,
    telegramLinked: !!user?.telegramChatId,
  };
}

/**
 * PUT /api/notifications/settings: Telegram only when the company's bot is configured and the user
 * has linked their account; otherwise the field says why.
 */
export async function saveNotificationSettings(
  db: Db,
  actor: Actor,
  input: z.output<typeof saveNotificationSettingsBody>,
  telegramAvailable: boolean,
): Promise<NotificationSettings> {
  const current = await getNotificationSettings(db, actor, telegramAvailable);
  const telegramAt = input.items.findIndex((item) => item.channel === 'telegram');
  if (telegramAt >= 0 && !telegramAvailable) throw fieldError('VALIDATION_FAILED', `items.${telegramAt}.channel`, 'telegramOff');
  if (telegramAt >= 0 && !current.telegramLinked) throw fieldError('VALIDATION_FAILED', `items.${telegramAt}.channel`, 'telegramNotLinked');
  await db.transaction(async (tx) => {
    await tx.delete(notificationSettings).where(
      and(
        eq(notificationSettings.userId, actor.id),
        inArray(
          notificationSettings.kind,
          input.items.map((i) => i.kind),
        ),
      ),
    );
    await tx.insert(notificationSettings).values(input.items.map((item) => ({ userId: actor.id, kind: item.kind, channel: item.channel })));
  });
  return getNotificationSettings(db, actor, telegramAvailable);
}
