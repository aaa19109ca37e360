import type { FastifyInstance } from 'fastify';
import { Bot, GrammyError, type Context } from 'grammy';
import {
  businessDate,
  businessTimeZone,
  defaultLanguage,
  hasPermission,
  listOrganizationsQuery,
  listTasksQuery,
  notificationPath,
  notificationText,
  openTaskStatuses,
  telegramLinkCodePattern,
  type Language,
  type NotificationKind,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { translate } from '../../platform/i18n.js';
import { getOrganizationDebt } from '../orders/payments.service.js';
import { listOrganizations } from '../organizations/organizations.service.js';
import { listTasks } from '../tasks/tasks.service.js';
import { loadActor, setTelegramChat, userOfTelegramChat } from '../users/users.service.js';
import { visitsOfDay } from '../visits/visits.service.js';
import { receiveClientMessage } from '../chats/chat-messages.service.js';
import { telegramMessageFile, type ChatFile } from '../chats/chat-files.js';
import { answerClientCommand, clientCommands, type ClientCommand } from '../chats/telegram-ordering.js';
import { notificationChannel } from './notifications.service.js';
import { claimTelegramDeliveries, expireTelegramDeliveries, finishTelegramDelivery, linkTelegramChat, type TelegramDelivery } from './telegram.service.js';

/** The company bot as the rest of the app sees it: its @name for the linking link, and its end. */
export interface CompanyBot {
  /** the bot's @name (null while Telegram has not told it) */
  username(): Promise<string | null>;
  close(): Promise<void>;
}

/** Telegram's language of a chat's user, as ours: what the bot speaks before the chat is linked. */
function languageOfTelegram(code: string | undefined): Language {
  if (code?.startsWith('uz')) return 'uz-Latn';
  if (code?.startsWith('en')) return 'en';
  return defaultLanguage;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { timeZone: businessTimeZone, hour: '2-digit', minute: '2-digit' });

/** /today: the user's own visits of the business day and their open tasks due by its end (overdue ones too). */
async function todayText(db: Db, userId: number, say: (key: string, params?: Record<string, unknown>) => string): Promise<string> {
  const actor = await loadActor(db, userId);
  if (!actor) return say('telegram:notLinked');
  const today = businessDate();
  const lines = [say('telegram:today.title', { date: today })];
  if (hasPermission(actor.grants, 'visits.view')) {
    const visits = (await visitsOfDay(db, actor, today)).filter((v) => v.representativeId === actor.id && v.status !== 'cancelled');
    lines.push('', visits.length ? say('telegram:today.visits', { count: visits.length }) : say('telegram:today.noVisits'));
    for (const v of visits) lines.push(`${timeOf(v.plannedStart)} ${v.organizationName} — ${say(`enums:visitStatus.${v.status}`)}`);
  }
  if (hasPermission(actor.grants, 'tasks.view')) {
    const page = await listTasks(db, actor, listTasksQuery.parse({ mine: 'assigned', dueTo: today, size: '100' }));
    const open = page.items.filter((task) => (openTaskStatuses as readonly string[]).includes(task.status));
    lines.push('', open.length ? say('telegram:today.tasks', { count: open.length }) : say('telegram:today.noTasks'));
    for (const task of open) {
      const overdue = task.dueAt && task.dueAt < new Date().toISOString() ? ` (${say('telegram:today.overdue')})` : '';
      lines.push(`${task.dueAt ? `${timeOf(task.dueAt)} ` : ''}${task.title}${overdue}`);
    }
  }
  return lines.join('\n');
}

/** /debt <organization>: the debt of the organizations of that name the user may see (the first five). */
async function debtText(db: Db, userId: number, query: string, say: (key: string, params?: Record<string, unknown>) => string): Promise<string> {
  const actor = await loadActor(db, userId);
  if (!actor) return say('telegram:notLinked');
  if (!hasPermission(actor.grants, 'organizations.view')) return say('telegram:forbidden');
  // a name shorter than a search takes (4 characters) is answered with how to ask, as none is
  const parsed = listOrganizationsQuery.safeParse({ q: query.trim().slice(0, 100), size: '25' });
  if (!parsed.success || !parsed.data.q) return say('telegram:debt.usage');
  const q = parsed.data.q;
  const found = await listOrganizations(db, actor, parsed.data);
  if (!found.items.length) return say('telegram:debt.none', { q });
  const shown = found.items.slice(0, 5);
  const lines: string[] = [];
  for (const org of shown) {
    const debt = await getOrganizationDebt(db, actor, org.id);
    const parts = [
      debt.total ? say('telegram:debt.line', { name: org.name, total: debt.total, overdue: debt.overdue }) : say('telegram:debt.noDebt', { name: org.name }),
    ];
    if (debt.creditLeft !== null) parts.push(say('telegram:debt.creditLeft', { left: debt.creditLeft }));
    lines.push(parts.join('; '));
  }
  if (found.total > shown.length) lines.push(say('telegram:debt.more', { count: found.total - shown.length }));
  return lines.join('\n');
}

/** A notification as a Telegram message: the bell's text, its detail, and the link into the app. */
export function telegramMessage(delivery: TelegramDelivery, publicUrl: string | undefined): string {
  const lng = delivery.language ?? defaultLanguage;
  const n = { kind: delivery.kind as NotificationKind, params: delivery.params, subjectType: delivery.subjectType, subjectId: delivery.subjectId } as const;
  const { text, detail } = notificationText((key, params) => translate(lng, key, params), n, timeOf);
  const path = notificationPath(n as Parameters<typeof notificationPath>[0]);
  return [text, detail, path && publicUrl ? `${publicUrl.replace(/\/$/, '')}${path}` : null].filter(Boolean).join('\n');
}

/**
 * The company's Telegram bot (issue 17, decision 048): links chats by one-time code, answers /today and
 * /debt in the user's language, and sends the notifications users chose for Telegram. Delivery follows
 * the outbox: every instance LISTENs and claims what it is told of, and a sweep sends what a dead
 * instance left behind. Updates come by long polling: set TELEGRAM_POLLING=false on all instances but one.
 */
export async function startCompanyBot(app: FastifyInstance, token: string): Promise<CompanyBot> {
  const { db, config, log } = app;
  const bot = new Bot(token, { client: { apiRoot: config.TELEGRAM_API_URL, timeoutSeconds: 40 } });
  // the bot's @name comes from getMe, asked without holding up the server's start (Telegram may be far
  // or unreachable); until it answers, a linking code is given without its t.me link
  let username: string | null = null;
  const named = bot.init().then(
    () => void (username = bot.botInfo.username),
    (error: unknown) => log.warn({ err: error }, 'Telegram bot: getMe failed'),
  );

  const languageOf = async (ctx: Context): Promise<{ lng: Language; userId: number | null }> => {
    const user = ctx.chat ? await userOfTelegramChat(db, String(ctx.chat.id)) : null;
    return { lng: user?.language ?? languageOfTelegram(ctx.from?.language_code), userId: user?.id ?? null };
  };
  const sayer = (lng: Language) => (key: string, params?: Record<string, unknown>) => translate(lng, key, params);
  const link = async (ctx: Context, code: string) => {
    const linked = await linkTelegramChat(db, code.toUpperCase(), String(ctx.chat!.id));
    const { lng } = await languageOf(ctx);
    if (!linked) return ctx.reply(translate(lng, 'telegram:badCode'));
    const user = await userOfTelegramChat(db, String(ctx.chat!.id));
    return ctx.reply(translate(lng, 'telegram:linked', { name: user?.fullName ?? '' }) + '\n\n' + translate(lng, 'telegram:help'));
  };
  /** A command that needs a linked chat: the user's id, or the reply that says how to link. */
  const linked = async (ctx: Context, answer: (userId: number, say: ReturnType<typeof sayer>) => Promise<string>) => {
    const { lng, userId } = await languageOf(ctx);
    const say = sayer(lng);
    return ctx.reply(userId === null ? say('telegram:notLinked') : await answer(userId, say));
  };

  /** A client's message into the chats inbox; the first one of a conversation is acknowledged in the client's language. */
  const toInbox = async (ctx: Context, lng: Language, text: string, files: ChatFile[] = []) => {
    const from = ctx.from!;
    const message = ctx.message!;
    const received = await receiveClientMessage(db, {
      channel: 'telegram',
      externalId: String(ctx.chat!.id),
      title: [from.first_name, from.last_name].filter(Boolean).join(' ') || (from.username ? `@${from.username}` : String(ctx.chat!.id)),
      language: lng,
      text,
      files,
      messageId: String(message.message_id),
      at: new Date(message.date * 1000),
    });
    if (received.created) await ctx.reply(translate(lng, 'telegram:client.received'));
  };

  const chats = bot.chatType('private');
  chats.command('start', async (ctx) => {
    const code = ctx.match.trim();
    if (code) return link(ctx, code);
    const { lng, userId } = await languageOf(ctx);
    return ctx.reply(translate(lng, userId === null ? 'telegram:start' : 'telegram:help'));
  });
  chats.command('help', async (ctx) => ctx.reply(translate((await languageOf(ctx)).lng, 'telegram:help')));
  chats.command('today', (ctx) => linked(ctx, (userId, say) => todayText(db, userId, say)));
  /** A client's chat (not a user's) asks its own debt, prices, orders (issue 18): the chats module answers. */
  const asClient = async (ctx: Context & { match: string }, command: ClientCommand) => {
    const { lng, userId } = await languageOf(ctx);
    if (userId !== null) return ctx.reply(translate(lng, 'telegram:help'));
    return ctx.reply(await answerClientCommand(db, { externalId: String(ctx.chat!.id), command, args: ctx.match, updateId: ctx.update.update_id, lng }));
  };
  chats.command('debt', async (ctx) =>
    (await languageOf(ctx)).userId === null ? asClient(ctx, 'debt') : linked(ctx, (userId, say) => debtText(db, userId, ctx.match, say)),
  );
  for (const command of clientCommands.filter((c) => c !== 'debt')) chats.command(command, (ctx) => asClient(ctx, command));
  chats.command('stop', async (ctx) => {
    const { lng, userId } = await languageOf(ctx);
    if (userId !== null) await db.transaction((tx) => setTelegramChat(tx, userId, null));
    return ctx.reply(translate(lng, userId === null ? 'telegram:notLinked' : 'telegram:unlinked'));
  });
  chats.on('message:text', async (ctx) => {
    const text = ctx.message.text.trim();
    if (telegramLinkCodePattern.test(text.toUpperCase())) return link(ctx, text.toUpperCase());
    const { lng, userId } = await languageOf(ctx);
    if (userId !== null) return ctx.reply(translate(lng, 'telegram:help'));
    // anyone else is a client writing to the company: their message goes to the inbox (issue 18)
    return toInbox(ctx, lng, text);
  });
  /** A client's photo or document (issue 18): kept with its caption; a file that cannot be read is told of by name. */
  chats.on(['message:photo', 'message:document'], async (ctx) => {
    const { lng, userId } = await languageOf(ctx);
    if (userId !== null) return ctx.reply(translate(lng, 'telegram:help'));
    const { file, name } = await telegramMessageFile(config, ctx.message);
    const caption = ctx.message.caption?.trim() ?? '';
    return toInbox(ctx, lng, file ? caption : [caption, `📎 ${name}`].filter(Boolean).join('\n'), file ? [file] : []);
  });
  bot.catch((error) => log.error({ err: error.error }, 'Telegram bot: an update failed'));

  // ---------------------------------------------------------------- delivery
  let closing = false;
  const send = async (delivery: TelegramDelivery) => {
    if (!delivery.chatId) return finishTelegramDelivery(db, delivery.id, 'failed');
    try {
      await bot.api.sendMessage(delivery.chatId, telegramMessage(delivery, config.PUBLIC_URL), { link_preview_options: { is_disabled: true } });
      await finishTelegramDelivery(db, delivery.id, 'sent');
    } catch (error) {
      // 400/403: the chat is gone or the user blocked the bot — trying again will not help
      const final = error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403);
      if (!final) log.warn({ err: error }, 'Telegram: a notification was not sent (tried again later)');
      await finishTelegramDelivery(db, delivery.id, final ? 'failed' : 'pending');
    }
  };
  const deliver = async (id: number | null) => {
    if (closing) return;
    for (const delivery of await claimTelegramDeliveries(db, id)) await send(delivery);
  };
  const sweep = async () => {
    await expireTelegramDeliveries(db);
    await deliver(null);
  };
  const unlisten = await app.database.listen(notificationChannel, (payload) => {
    let parsed: { id?: number; telegram?: boolean };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (parsed.telegram && typeof parsed.id === 'number') deliver(parsed.id).catch((error) => log.error({ err: error }, 'Telegram delivery failed'));
  });
  const sweeper = setInterval(() => void sweep().catch((error) => log.error({ err: error }, 'Telegram sweep failed')), config.TELEGRAM_SWEEP_SECONDS * 1000);
  sweeper.unref();
  void sweep().catch((error) => log.error({ err: error }, 'Telegram sweep failed'));

  if (config.TELEGRAM_POLLING) {
    void named.then(() =>
      closing
        ? undefined
        : bot
            .start({ drop_pending_updates: false, allowed_updates: ['message'], onStart: () => log.info({ bot: username }, 'Telegram bot: polling') })
            .catch((error) => {
              if (!closing) log.error({ err: error }, 'Telegram bot: polling stopped');
            }),
    );
  }

  return {
    async username() {
      // a code asked for in the first moments waits a little for the name (never long)
      if (username === null) await Promise.race([named, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
      return username;
    },
    async close() {
      closing = true;
      clearInterval(sweeper);
      await unlisten();
      if (bot.isRunning()) await bot.stop();
    },
  };
}
