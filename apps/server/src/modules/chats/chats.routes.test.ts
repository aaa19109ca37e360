import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestInstance, makeUser } from '../../test/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/telegram-stand-in.js';
import { receiveClientMessage } from './chat-messages.service.js';

let database: TestDatabase;
let telegram: TelegramStandIn;
let app: FastifyInstance;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, chief: U, rep: U, rep2: U;
let pharmacy: { id: number; name: string };

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  app.inject({ method, url, headers: headers(app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
type Chat = { id: number; title: string; unread: number; status: string; lastMessageText: string; assignedTo: number | null };
/** The conversation of `title` in the user's inbox, once it is there (polled, at most 5 s). */
async function chatOf(user: U, title: string): Promise<Chat> {
  for (let i = 0; i < 100; i++) {
    const found = ((await inject('GET', '/api/chats?size=100', user)).json().items as Chat[]).find((c) => c.title === title);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no conversation ${title}`);
}

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  database = await openTestDatabase();
  app = await buildTestInstance(database, { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_URL: telegram.url, TASK_REMINDER_SWEEP_SECONDS: '0' });
  admin = await makeUser(database.db, 'admin');
  operator = await makeUser(database.db, 'operator', { managerId: admin.id });
  chief = await makeUser(database.db, 'chief', { managerId: admin.id });
  rep = await makeUser(database.db, 'rep', { managerId: chief.id });
  rep2 = await makeUser(database.db, 'rep', { managerId: chief.id });
  const chilonzor = await place(database.db, 'TK', 'Chilonzor');
  await assignTerritory(database.db, rep.id, chilonzor);
  pharmacy = await createOrganization(app, admin, organizationBody(chilonzor, { name: 'Apteka Navbahor' }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await telegram?.close();
});

describe('a client writes to the company bot', () => {
  it('lands in the operator’s inbox, unread; the operator’s answer reaches the client’s chat; the conversation then waits', async () => {
    const from = telegram.sent.length;
    telegram.write(8001, 'Здравствуйте, есть ли Нурофен 200 мг?', 'ru');
    // the first message is acknowledged in the client's language
    expect(await telegram.nextTo(8001, undefined, from)).toContain('Спасибо, ваше сообщение получено');
    const chat = await chatOf(operator, 'User 8001');
    expect(chat).toMatchObject({ unread: 1, status: 'open', lastMessageText: 'Здравствуйте, есть ли Нурофен 200 мг?', assignedTo: null });
    const answered = telegram.sent.length;
    const reply = await inject('POST', `/api/chats/${chat.id}/messages`, operator, { text: 'Да, есть 40 упаковок.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ direction: 'out', delivery: 'sent', authorName: operator.fullName });
    expect(await telegram.nextTo(8001, undefined, answered)).toBe('Да, есть 40 упаковок.');
    expect((await inject('GET', `/api/chats/${chat.id}`, operator)).json()).toMatchObject({
      status: 'waiting',
      unread: 0,
      assignedTo: operator.id,
      lastDirection: 'out',
    });
    const history = (await inject('GET', `/api/chats/${chat.id}/messages`, operator)).json();
    expect(history.items.map((m: { direction: string }) => m.direction)).toEqual(['out', 'in']);
    // a second message opens it again, without another acknowledgement
    telegram.write(8001, 'Спасибо, заказываю');
    await expect.poll(async () => (await inject('GET', `/api/chats/${chat.id}`, operator)).json().status, { timeout: 5000 }).toBe('open');
    expect(telegram.countTo(8001)).toBe(2);
  });

  it('keeps a message delivered twice once', async () => {
    const first = await receiveClientMessage(app.db, { channel: 'telegram', externalId: '8002', title: 'Dilnoza', text: 'Salom', messageId: '77' });
    const again = await receiveClientMessage(app.db, { channel: 'telegram', externalId: '8002', title: 'Dilnoza', text: 'Salom', messageId: '77' });
    expect(again).toEqual({ chatId: first.chatId, created: false, duplicate: true });
    expect((await inject('GET', `/api/chats/${first.chatId}/messages`, operator)).json().items).toHaveLength(1);
    expect((await inject('GET', `/api/chats/${first.chatId}`, operator)).json().unread).toBe(1);
  });

  it('marks an answer the channel refused as not delivered', async () => {
    const { chatId } = await receiveClientMessage(app.db, { channel: 'telegram', externalId: '8003', title: 'Blocked', text: 'Hi', messageId: '1' });
    telegram.blocked.add('8003');
    expect((await inject('POST', `/api/chats/${chatId}/messages`, operator, { text: 'Hello' })).json().delivery).toBe('failed');
    // a channel without credentials takes nothing either
    const { chatId: insta } = await receiveClientMessage(app.db, {
      channel: 'instagram',
      externalId: 'ig-1',
      title: 'shifo.pharm',
      text: 'Narxlar?',
      messageId: 'm1',
    });
    expect((await inject('POST', `/api/chats/${insta}/messages`, operator, { text: 'Salom' })).json().delivery).toBe('failed');
  });
});

describe('scope and assignment', () => {
  it('a rep sees a conversation once it is linked to their client or assigned to them; nobody links what they cannot see', async () => {
    const { chatId } = await receiveClientMessage(app.db, {
      channel: 'telegram',
      externalId: '8010',
      title: 'Apteka Navbahor kassa',
      text: 'Zakaz',
      messageId: '1',
    });
    expect((await inject('GET', `/api/chats/${chatId}`, rep)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/chats/${chatId}`, rep, { status: 'closed' })).statusCode).toBe(404);
    const linked = await inject('PUT', `/api/chats/${chatId}`, operator, { organizationId: pharmacy.id });
    expect(linked.json()).toMatchObject({ organizationId: pharmacy.id, organizationName: 'Apteka Navbahor' });
    expect((await inject('GET', `/api/chats/${chatId}`, rep)).statusCode).toBe(200);
    expect((await inject('GET', `/api/chats/${chatId}`, rep2)).statusCode).toBe(404);
    // search finds it by the organization's name
    expect((await inject('GET', '/api/chats?q=Navbahor', operator)).json().items.map((c: Chat) => c.id)).toContain(chatId);
    // a rep cannot link it to an organization outside their territory, nor hand it to another rep
    const other = await createOrganization(app, admin, organizationBody(await place(database.db, 'SA', 'Samarqand shahri')));
    expect((await inject('PUT', `/api/chats/${chatId}`, rep, { organizationId: other.id })).json().fields).toEqual({
      organizationId: 'Choose one of the offered values',
    });
    expect((await inject('PUT', `/api/chats/${chatId}`, rep, { assignedTo: rep2.id })).json().fields).toHaveProperty('assignedTo');
    expect((await inject('PUT', `/api/chats/${chatId}`, chief, { assignedTo: rep2.id })).json().assignedTo).toBe(rep2.id);
    expect((await inject('GET', `/api/chats/${chatId}`, rep2)).statusCode).toBe(200);
    expect((await inject('GET', '/api/chats?mine=true', rep2)).json().items.map((c: Chat) => c.id)).toEqual([chatId]);
    expect((await inject('POST', `/api/chats/${chatId}/read`, rep2)).statusCode).toBe(204);
    expect((await inject('GET', `/api/chats/${chatId}`, rep2)).json().unread).toBe(0);
  });
});

describe('channels', () => {
  it('says which are connected: Telegram with the bot’s token; Instagram and Facebook not without Meta’s credentials', async () => {
    const res = await inject('GET', '/api/chats/channels', rep);
    expect(res.json().items).toEqual([
      { channel: 'telegram', connected: true, webhookUrl: null },
      { channel: 'instagram', connected: false, webhookUrl: null },
      { channel: 'facebook', connected: false, webhookUrl: null },
    ]);
  });
});

describe('templates', () => {
  it('are read by everyone in chats and kept by settings; a template needs each language', async () => {
    const list = (await inject('GET', '/api/chat-templates', rep)).json().items;
    expect(list.map((t: { name: string }) => t.name)).toEqual(['Greeting', 'Price list']);
    const text = { ru: 'Заказ принят', en: 'Order received', 'uz-Latn': 'Buyurtma qabul qilindi', 'uz-Cyrl': 'Буюртма қабул қилинди' };
    expect((await inject('POST', '/api/chat-templates', rep, { name: 'Order', text })).statusCode).toBe(403);
    const missing = await inject('POST', '/api/chat-templates', admin, { name: 'Order', text: { ...text, 'uz-Cyrl': '' } });
    expect(missing.json().fields).toEqual({ 'text.uz-Cyrl': 'Required field' });
    const created = await inject('POST', '/api/chat-templates', admin, { name: 'Order', text });
    expect(created.statusCode).toBe(201);
    expect((await inject('PUT', `/api/chat-templates/${created.json().id}`, admin, { name: 'Order taken', text })).json().name).toBe('Order taken');
    expect((await inject('DELETE', `/api/chat-templates/${created.json().id}`, admin)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/chat-templates/${created.json().id}`, admin)).statusCode).toBe(404);
  });
});
