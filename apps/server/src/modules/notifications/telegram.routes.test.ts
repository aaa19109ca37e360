import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { businessTimeZone, telegramLinkCodePattern } from '@pharma/contracts';
import { authFor, buildTestInstance, makeUser } from '../../test/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { orderStock } from '../../test/order-fixtures.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/telegram-stand-in.js';
import { orders } from '../orders/orders.table.js';
import { users } from '../users/users.table.js';
import { visits } from '../visits/visits.table.js';
import { notify } from './notifications.service.js';
import { notifications, telegramLinkCodes } from './notifications.table.js';

let database: TestDatabase;
let telegram: TelegramStandIn;
let app: FastifyInstance;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep: U, rep2: U;
let pharmacy: { id: number; name: string };
let aspirin: number;

const env = () => ({
  TELEGRAM_BOT_TOKEN: telegram.token,
  TELEGRAM_API_URL: telegram.url,
  PUBLIC_URL: 'https://crm.example.uz',
  TASK_REMINDER_SWEEP_SECONDS: '0',
});
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: { id: number }, payload?: unknown, lng = 'en', on = app) =>
  on.inject({ method, url, headers: headers(on, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });

/** The user asks for a code in the app and sends it from `chatId` (the t.me link's /start); answers the bot's reply. */
async function link(user: U, chatId: number, lng = 'en') {
  const res = await inject('POST', '/api/notifications/telegram', user, undefined, lng);
  expect(res.statusCode, res.body).toBe(200);
  const { code, url } = res.json() as { code: string; url: string };
  expect(url).toBe(`https://t.me/${telegram.username}?start=${code}`);
  const from = telegram.sent.length;
  telegram.write(chatId, `/start ${code}`);
  return telegram.nextTo(chatId, undefined, from);
}
/** The bot's answer to `text` written in `chatId`. */
async function ask(chatId: number, text: string, languageCode?: string) {
  const from = telegram.sent.length;
  telegram.write(chatId, text, languageCode);
  return telegram.nextTo(chatId, undefined, from);
}
const setChannel = (user: U, kind: string, channel: string) => inject('PUT', '/api/notifications/settings', user, { items: [{ kind, channel }] });
const giveTask = async (title: string, to = rep, on = app) => {
  const res = await inject('POST', '/api/tasks', chief, { title, assigneeIds: [to.id], dueAt: new Date(Date.now() + 3 * 3600_000).toISOString() }, 'en', on);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { ids: number[] }).ids[0]!;
};
const telegramStatusOf = async (taskId: number) =>
  (
    await database.db
      .select({ status: notifications.telegramStatus })
      .from(notifications)
      .where(sql`${notifications.subjectType} = 'task' and ${notifications.subjectId} = ${taskId}`)
  ).map((r) => r.status);

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  database = await openTestDatabase();
  app = await buildTestInstance(database, env());
  admin = await makeUser(database.db, 'admin');
  chief = await makeUser(database.db, 'chief', { managerId: admin.id, fullName: 'Dilshod Karimov' });
  rep = await makeUser(database.db, 'rep', { managerId: chief.id, fullName: 'Malika Yusupova' });
  rep2 = await makeUser(database.db, 'rep', { managerId: chief.id });
  const chilonzor = await place(database.db, 'TK', 'Chilonzor');
  await assignTerritory(database.db, rep.id, chilonzor);
  pharmacy = await createOrganization(app, admin, organizationBody(chilonzor, { name: 'Apteka Shifo', creditLimit: 50_000_000_00 }));
  ({ aspirin } = await orderStock(database.db, { nurofenSoon: 10, nurofenLater: 10, aspirin: 1000, citramon: 10 }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await telegram?.close();
});

describe('linking a Telegram chat', () => {
  it('links the chat that sends the one-time code, in the language of the app, and the code works once', async () => {
    const reply = await link(rep, 7001, 'uz-Latn');
    expect(reply).toContain('Bogʻlandi: Malika Yusupova');
    expect((await inject('GET', '/api/notifications/settings', rep)).json()).toMatchObject({ telegramAvailable: true, telegramLinked: true });

    // the same code from another chat: unknown now (it was deleted when used)
    const res = await inject('POST', '/api/notifications/telegram', rep2);
    const { code } = res.json() as { code: string };
    expect(code).toMatch(telegramLinkCodePattern);
    expect(await ask(7002, `/start ${code}`)).toContain('Linked');
    expect(await ask(7003, `/start ${code}`)).toContain('unknown or has expired');
  });

  it('refuses an expired code, and a code typed alone links as well as the deep link', async () => {
    await database.db.insert(telegramLinkCodes).values({ code: 'EXPRD234', userId: rep2.id, expiresAt: new Date(Date.now() - 1000) });
    expect(await ask(7004, 'EXPRD234')).toContain('unknown or has expired');
    const { code } = (await inject('POST', '/api/notifications/telegram', rep2)).json() as { code: string };
    expect(await ask(7004, code.toLowerCase())).toContain('Linked');
    // the chat moved: the earlier one of rep2 answers as unlinked
    expect(await ask(7002, '/today')).toContain('not linked');
  });

  it('answers an unlinked chat with how to link, in its Telegram language; its other words are a client’s, for the inbox', async () => {
    expect(await ask(7100, '/today', 'ru')).toContain('Этот чат не привязан');
    expect(await ask(7100, 'hello', 'ru')).toContain('ваше сообщение получено');
    expect(await ask(7101, '/start', 'uz')).toContain('Telegramni bogʻlash');
  });

  it('needs notifications.edit, and /stop or DELETE unlinks', async () => {
    const courier = await makeUser(database.db, 'courier');
    expect((await inject('POST', '/api/notifications/telegram', courier)).statusCode).toBe(200);
    await link(courier, 7200);
    expect(await ask(7200, '/stop')).toContain('Unlinked');
    expect((await inject('GET', '/api/notifications/settings', courier)).json().telegramLinked).toBe(false);
    await link(courier, 7200);
    const res = await inject('DELETE', '/api/notifications/telegram', courier);
    expect(res.json().telegramLinked).toBe(false);
    expect(await ask(7200, '/today')).toContain('not linked');
    const anonymous = await app.inject({ method: 'POST', url: '/api/notifications/telegram' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('notifications in Telegram', () => {
  it('sends the kinds the user chose for Telegram, in their language, with a link into the app, and only those', async () => {
    // rep linked in uz-Latn (above); Telegram for tasks assigned, the app alone for the rest
    expect((await setChannel(rep, 'taskAssigned', 'telegram')).statusCode).toBe(200);
    const from = telegram.sent.length;
    const id = await giveTask('Qoldiqlarni yigʻish');
    const text = await telegram.nextTo(7001, (m) => m.includes('Qoldiqlarni'), from);
    expect(text).toContain('Vazifa: Qoldiqlarni yigʻish');
    expect(text).toContain(`https://crm.example.uz/tasks?task=${id}`);
    await expect.poll(() => telegramStatusOf(id)).toEqual(['sent']);
    // it is in the app too
    const mine = (await inject('GET', '/api/notifications', rep)).json();
    expect(mine.items[0]).toMatchObject({ kind: 'taskAssigned', subjectId: id });

    // a kind left in the app is not sent; a user who did not link gets nothing in Telegram
    await setChannel(rep, 'taskAssigned', 'app');
    const quiet = await giveTask('Only in the app');
    expect(await telegramStatusOf(quiet)).toEqual([null]);
  });

  it('refuses Telegram in settings for a user who has not linked a chat', async () => {
    const res = await setChannel(chief, 'message', 'telegram');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'items.0.channel': expect.any(String) });
  });

  it('gives up a chat whose user blocked the bot, once, without retrying', async () => {
    await setChannel(rep, 'taskAssigned', 'telegram');
    telegram.blocked.add('7001');
    try {
      const id = await giveTask('Blocked');
      await expect.poll(() => telegramStatusOf(id)).toEqual(['failed']);
    } finally {
      telegram.blocked.delete('7001');
    }
  });

  it('sends nothing to the chat of a user deactivated meanwhile', async () => {
    expect((await setChannel(rep2, 'taskAssigned', 'telegram')).statusCode).toBe(200);
    await database.db.update(users).set({ active: false }).where(eq(users.id, rep2.id));
    try {
      const before = telegram.countTo(7004);
      // (a task can no longer be given to them; what was on its way when they left is told this way)
      await database.db.transaction((tx) =>
        notify(tx, { to: [rep2.id], kind: 'taskAssigned', subject: { type: 'task', id: 515151 }, params: { title: 'For nobody now' } }),
      );
      await expect.poll(() => telegramStatusOf(515151)).toEqual(['failed']);
      expect(telegram.countTo(7004)).toBe(before);
    } finally {
      await database.db.update(users).set({ active: true }).where(eq(users.id, rep2.id));
    }
  });

  it('delivers after a restart what was committed while no instance was there to send it (the outbox)', async () => {
    await app.close();
    // the change commits while the server is down: the row waits as pending
    await database.db.transaction((tx) =>
      notify(tx, { to: [rep.id], kind: 'taskAssigned', subject: { type: 'task', id: 424242 }, params: { title: 'Written while down' } }),
    );
    expect(await telegramStatusOf(424242)).toEqual(['pending']);
    const from = telegram.sent.length;
    app = await buildTestInstance(database, env());
    expect(await telegram.nextTo(7001, (m) => m.includes('Written while down'), from)).toContain('tasks?task=424242');
    await expect.poll(() => telegramStatusOf(424242)).toEqual(['sent']);
  });

  it('is sent once by two instances on one database', async () => {
    const second = await buildTestInstance(database, { ...env(), TELEGRAM_POLLING: 'false' });
    try {
      const before = telegram.countTo(7001);
      const id = await giveTask('Two instances, one message', rep, second);
      await expect.poll(() => telegramStatusOf(id)).toEqual(['sent']);
      expect(telegram.sent.filter((m) => m.chatId === '7001' && m.text.includes('Two instances')).length).toBe(1);
      expect(telegram.countTo(7001)).toBe(before + 1);
    } finally {
      await second.close();
    }
  });
});

describe('the bot answers', () => {
  it("/today: the user's own visits of the day and open tasks due by its end, in their language", async () => {
    const now = new Date();
    // a minute from now (in the last minute of a Tashkent day it would be tomorrow's: then only the task is checked)
    const start = new Date(now.getTime() + 60_000);
    const sameDay = start.toLocaleDateString('en-CA', { timeZone: businessTimeZone }) === now.toLocaleDateString('en-CA', { timeZone: businessTimeZone });
    if (sameDay) {
      await database.db.insert(visits).values({
        organizationId: pharmacy.id,
        representativeId: rep.id,
        plannedStart: start,
        plannedEnd: new Date(start.getTime() + 30 * 60_000),
        status: 'planned',
      });
    }
    await inject('POST', '/api/tasks', rep, { title: 'Hisobot topshirish', assigneeIds: [rep.id], dueAt: new Date(now.getTime() - 3600_000).toISOString() });
    const reply = await ask(7001, '/today');
    expect(reply).toContain('Bugun,');
    if (sameDay) expect(reply).toContain('Apteka Shifo');
    expect(reply).toMatch(/Hisobot topshirish \(muddati oʻtgan\)/);
    // another rep's visits are not theirs
    expect(await ask(7004, '/today')).not.toContain('Apteka Shifo');
  });

  it('/debt <organization>: the debt of the organizations of that name in the user’s territory', async () => {
    const order = await inject('POST', '/api/orders', rep, {
      organizationId: pharmacy.id,
      deliveryAddress: "Bunyodkor ko'chasi, 12",
      positions: [{ productId: aspirin, quantity: 3 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    await database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.json().id));
    const reply = await ask(7001, '/debt shifo');
    expect(reply).toMatch(/^Apteka Shifo: qarz [\d\s]+/);
    expect(reply).toContain('kredit qoldigʻi');
    expect(await ask(7001, '/debt')).toContain('/debt Shifo');
    // shorter than a search takes: how to ask, not silence
    expect(await ask(7001, '/debt shi')).toContain('/debt Shifo');
    expect(await ask(7001, '/debt Nothing like it')).toContain('topilmadi');
    // rep2's territory has no such organization
    expect(await ask(7004, '/debt shifo')).toContain('No organization found');
  });
});

describe('the language of the bot', () => {
  it('follows the language the user chooses in the app, and refuses one the app does not have', async () => {
    expect((await inject('PUT', '/api/account/language', rep, { language: 'ru' })).statusCode).toBe(204);
    expect(await ask(7001, '/today')).toContain('Сегодня,');
    const bad = await inject('PUT', '/api/account/language', rep, { language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['language']);
    await inject('PUT', '/api/account/language', rep, { language: 'uz-Cyrl' });
    expect(await ask(7001, '/help')).toContain('бугунги ташрифларим');
  });
});

describe('with Telegram out of reach', () => {
  it('starts all the same, and gives a code without its t.me link', async () => {
    const away = await buildTestInstance(database, { ...env(), TELEGRAM_API_URL: 'http://127.0.0.1:9', TELEGRAM_POLLING: 'false' });
    try {
      const res = await inject('POST', '/api/notifications/telegram', rep2, undefined, 'en', away);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: expect.stringMatching(telegramLinkCodePattern), url: null, bot: null });
    } finally {
      await away.close();
    }
  });
});

describe('without a bot', () => {
  it('refuses a code with TELEGRAM_OFF, localized', async () => {
    const off = await buildTestInstance(database, { TASK_REMINDER_SWEEP_SECONDS: '0' });
    try {
      const res = await off.inject({ method: 'POST', url: '/api/notifications/telegram', headers: { ...authFor(off, rep), 'accept-language': 'ru' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TELEGRAM_OFF', message: 'Telegram в этой компании не подключён' });
    } finally {
      await off.close();
    }
  });
});
