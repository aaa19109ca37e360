import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { telegramLinkCodeMinutes, type Language, type NotificationSettings, type TelegramLink } from '@pharma/contracts';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { queryRows, type Db } from '../../db/client.js';
import { setOwnLanguage, setTelegramChat } from '../users/users.service.js';
import { getNotificationSettings } from './notifications.service.js';
import { users } from '../users/users.table.js';
import { notifications, telegramLinkCodes } from './notifications.table.js';

// no 0/O, 1/I: a code is read off one screen and may be typed on another
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

/**
 * POST /api/notifications/telegram: a one-time code for the actor (a new one replaces the earlier), which
 * the user sends to the company bot (the t.me link does it). The request's language becomes the bot's.
 */
export async function createTelegramLink(db: Db, actor: Actor, bot: { username: string | null } | null, language: Language): Promise<TelegramLink> {
  if (!bot) throw new AppError('TELEGRAM_OFF');
  const expiresAt = new Date(Date.now() + telegramLinkCodeMinutes * 60_000);
  const code = await db.transaction(async (tx) => {
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, actor.id));
    for (;;) {
      const candidate = newCode();
      const [row] = await tx.insert(telegramLinkCodes).values({ code: candidate, userId: actor.id, expiresAt }).onConflictDoNothing().returning();
      if (row) return row.code;
    }
  });
  await setOwnLanguage(db, actor, language);
  return {
    code,
    url: bot.username ? `https://t.me/${bot.username}?start=${code}` : null,
    bot: bot.username ? `@${bot.username}` : null,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The bot received a code from a chat: links the chat to the code's user once (the code is gone after). */
export async function linkTelegramChat(db: Db, code: string, chatId: string): Promise<{ userId: number } | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.code, code), sql`${telegramLinkCodes.expiresAt} > now()`))
      .returning({ userId: telegramLinkCodes.userId });
    if (!used) return null;
    await setTelegramChat(tx, used.userId, chatId);
    return used;
  });
}

/** DELETE /api/notifications/telegram (or /stop in the chat): nothing more goes to the chat. */
export async function unlinkTelegram(db: Db, actor: Actor, telegramAvailable: boolean): Promise<NotificationSettings> {
  await db.transaction((tx) => setTelegramChat(tx, actor.id, null));
  return getNotificationSettings(db, actor, telegramAvailable);
}

/** A notification claimed for Telegram: what the message is made of, and where it goes. */
export interface TelegramDelivery {
  id: number;
  kind: string;
  subjectType: string | null;
  subjectId: number | null;
  params: Record<string, string | number>;
  chatId: string | null;
  language: Language | null;
}

/** A claim older than this is taken to be lost (its instance died between the claim and the answer). */
const claimLeaseSeconds = 120;

/**
 * Claims notifications waiting for Telegram (one by id after its NOTIFY, else the oldest waiting), so
 * that of several instances exactly one sends each: the claimed rows are locked and skipped by the
 * others, and a claim that was never finished is taken again after the lease. A user deactivated
 * meanwhile has no chat any more (the send fails for good).
 */
export async function claimTelegramDeliveries(db: Db, id: number | null, limit = 50): Promise<TelegramDelivery[]> {
  return queryRows<TelegramDelivery>(
    db,
    sql`
    with due as (
      select n.id from ${notifications} n
      where (n.telegram_status = 'pending' or (n.telegram_status = 'sending' and n.telegram_sent_at < now() - make_interval(secs => ${claimLeaseSeconds})))
        ${id === null ? sql`` : sql`and n.id = ${id}`}
      order by n.id
      limit ${limit}
      for update skip locked
    )
    update ${notifications} n set telegram_status = 'sending', telegram_sent_at = now()
    from due, ${users} u
    where n.id = due.id and u.id = n.user_id
    returning n.id, n.kind, n.subject_type as "subjectType", n.subject_id as "subjectId", n.params,
      case when u.active then u.telegram_chat_id end as "chatId", u.language`,
  );
}

/** The outcome of one send: `sent`; `failed` for good (the chat is gone, the bot blocked); `pending` to try again. */
export async function finishTelegramDelivery(db: Db, id: number, status: 'sent' | 'failed' | 'pending'): Promise<void> {
  await db
    .update(notifications)
    .set({ telegramStatus: status, telegramSentAt: sql`now()` })
    .where(eq(notifications.id, id));
}

/** What waited longer than a day is given up: old news is no news. */
export async function expireTelegramDeliveries(db: Db): Promise<void> {
  await db
    .update(notifications)
    .set({ telegramStatus: 'failed', telegramSentAt: sql`now()` })
    .where(sql`${notifications.telegramStatus} in ('pending', 'sending') and ${notifications.createdAt} < now() - interval '1 day'`);
}
