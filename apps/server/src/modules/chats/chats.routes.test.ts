import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestInstance, makeUser } from '../../test/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/telegram-stand-in.js';
import { maxChatAttachmentBytes } from '@pharma/contracts';
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

/** Files as their first bytes make them (and a script that says it is a picture). */
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
type Message = {
  id: number;
  text: string;
  direction: string;
  delivery: string | null;
  attachments: { id: number; name: string; contentType: string; size: number }[];
};
const messagesOf = async (user: U, chatId: number) => (await inject('GET', `/api/chats/${chatId}/messages`, user)).json().items as Message[];
/** The newest message of the conversation once it has `count` messages (the bot takes a moment). */
async function newestOnceThere(user: U, chatId: number, count: number): Promise<Message> {
  await expect.poll(async () => (await messagesOf(user, chatId)).length, { timeout: 5000 }).toBe(count);
  return (await messagesOf(user, chatId))[0]!;
}

describe('files', () => {
  it('a client’s photo (its largest size) and document are kept with their captions and served to those who see the conversation', async () => {
    telegram.write(8101, 'Salom');
    const chat = await chatOf(operator, 'User 8101');
    const downloads = telegram.downloads;
    telegram.writePhoto(8101, jpeg, 'Наш рецепт');
    const photo = await newestOnceThere(operator, chat.id, 2);
    expect(photo).toMatchObject({ direction: 'in', text: 'Наш рецепт', attachments: [{ contentType: 'image/jpeg', size: jpeg.length }] });
    expect(telegram.downloads).toBe(downloads + 1);
    const served = await inject('GET', `/api/chats/attachments/${photo.attachments[0]!.id}`, operator);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''photo-\d+\.jpg$/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(jpeg)).toBe(true);

    telegram.writeDocument(8101, pdf, 'счёт 12.pdf');
    const doc = await newestOnceThere(operator, chat.id, 3);
    expect(doc).toMatchObject({ text: '', attachments: [{ name: 'счёт 12.pdf', contentType: 'application/pdf', size: pdf.length }] });
    expect((await chatOf(operator, 'User 8101')).lastMessageText).toBe('📎 счёт 12.pdf');
    const download = await inject('GET', `/api/chats/attachments/${doc.attachments[0]!.id}`, operator);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('счёт 12.pdf')}`);

    // a page the client sends is kept, but only ever as a download of no type (never run in our origin)
    telegram.writeDocument(8101, html, 'page.html', 'look');
    const page = await newestOnceThere(operator, chat.id, 4);
    expect(page.attachments[0]!.contentType).toBe('application/octet-stream');
    const pageServed = await inject('GET', `/api/chats/attachments/${page.attachments[0]!.id}`, operator);
    expect(pageServed.headers['content-type']).toBe('application/octet-stream');
    expect(pageServed.headers['content-disposition']).toMatch(/^attachment;/);
    expect(pageServed.headers['content-security-policy']).toContain('sandbox');

    // a file larger than a conversation keeps is not downloaded: its name is told in the text
    const before = telegram.downloads;
    telegram.writeDocument(8101, pdf, 'scan.pdf', 'big one', 25 * 1024 * 1024);
    const big = await newestOnceThere(operator, chat.id, 5);
    expect(big).toMatchObject({ text: 'big one\n📎 scan.pdf', attachments: [] });
    expect(telegram.downloads).toBe(before);

    // a rep outside the conversation's scope gets nothing, as if there were no such file
    expect((await inject('GET', `/api/chats/attachments/${photo.attachments[0]!.id}`, rep2)).statusCode).toBe(404);
    expect((await inject('GET', '/api/chats/attachments/999999', operator)).statusCode).toBe(404);
  });

  it('sends our file to the client through Telegram (sendPhoto, sendDocument with the caption), marked sent or failed as a text', async () => {
    const { chatId } = await receiveClientMessage(app.db, { channel: 'telegram', externalId: '8110', title: 'Files out', text: 'Prices?', messageId: '1' });
    const sent = telegram.sentFiles.length;
    const res = await inject('POST', `/api/chats/${chatId}/messages`, operator, {
      text: 'Прайс во вложении',
      attachment: { name: 'price.pdf', data: pdf.toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      direction: 'out',
      delivery: 'sent',
      text: 'Прайс во вложении',
      attachments: [{ name: 'price.pdf', contentType: 'application/pdf', size: pdf.length }],
    });
    expect(telegram.sentFiles.slice(sent)).toMatchObject([{ chatId: '8110', method: 'sendDocument', caption: 'Прайс во вложении', name: 'price.pdf' }]);
    expect(telegram.sentFiles.at(-1)!.data.equals(pdf)).toBe(true);

    // a photo without a caption: sendPhoto; the inbox says what was sent
    const photo = await inject('POST', `/api/chats/${chatId}/messages`, operator, { attachment: { name: 'shelf.png', data: png.toString('base64') } });
    expect(photo.json()).toMatchObject({ text: '', delivery: 'sent', attachments: [{ contentType: 'image/png' }] });
    expect(telegram.sentFiles.at(-1)).toMatchObject({ method: 'sendPhoto', caption: null, contentType: 'image/png' });
    expect((await inject('GET', `/api/chats/${chatId}`, operator)).json().lastMessageText).toBe('📎 shelf.png');
    const kept = await inject('GET', `/api/chats/attachments/${photo.json().attachments[0].id}`, operator);
    expect(kept.rawPayload.equals(png)).toBe(true);

    // a client who blocked the bot: the file is kept, marked failed
    telegram.blocked.add('8110');
    const failed = await inject('POST', `/api/chats/${chatId}/messages`, operator, { attachment: { name: 'shelf.png', data: png.toString('base64') } });
    expect(failed.json()).toMatchObject({ delivery: 'failed', attachments: [{ name: 'shelf.png' }] });
  });

  it('refuses a file too large or not of an accepted type by its bytes, naming the field, in the user’s language', async () => {
    const { chatId } = await receiveClientMessage(app.db, { channel: 'telegram', externalId: '8111', title: 'Refusals', text: 'Hi', messageId: '1' });
    const sent = telegram.sentFiles.length;
    const tooLarge = Buffer.concat([pdf, Buffer.alloc(maxChatAttachmentBytes)]);
    const large = await inject('POST', `/api/chats/${chatId}/messages`, operator, { attachment: { name: 'huge.pdf', data: tooLarge.toString('base64') } });
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'attachment.data': 'The file must be at most 10 MB' } });
    // a page named as a picture is what its bytes say: refused, in Russian for a Russian user
    const disguised = await inject(
      'POST',
      `/api/chats/${chatId}/messages`,
      operator,
      { attachment: { name: 'photo.png', data: html.toString('base64') } },
      'ru',
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().fields).toEqual({ 'attachment.data': 'Файл должен быть изображением (JPEG, PNG, WebP, GIF) или документом PDF, Word или Excel' });
    // a zip that is not named as a Word or Excel document is not one
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect(
      (await inject('POST', `/api/chats/${chatId}/messages`, operator, { attachment: { name: 'a.zip', data: zip.toString('base64') } })).json().fields,
    ).toHaveProperty('attachment.data');
    expect((await inject('POST', `/api/chats/${chatId}/messages`, operator, { attachment: { name: 'a.docx', data: zip.toString('base64') } })).statusCode).toBe(
      201,
    );
    // nothing to send at all
    expect((await inject('POST', `/api/chats/${chatId}/messages`, operator, { text: '  ' })).json().fields).toEqual({ text: 'Required field' });
    expect(telegram.sentFiles.length).toBe(sent + 1);
    expect((await messagesOf(operator, chatId)).filter((m) => m.direction === 'out')).toHaveLength(1);
  });
});

describe('the inbox in real time', () => {
  it('signals a client’s message and a reply’s delivery to those who may see the conversation, with only its id', async () => {
    const signals: { signal: string; chatId?: number; userId: number }[] = [];
    const unlisten = await database.listen(
      'notifications',
      (payload) => signals.push(JSON.parse(payload)),
      () => {},
    );
    const chatSignals = (chatId: number) =>
      signals
        .filter((s) => s.signal === 'chatMessage' && s.chatId === chatId)
        .map((s) => s.userId)
        .sort((a, b) => a - b);
    const { chatId } = await receiveClientMessage(app.db, { channel: 'telegram', externalId: '8120', title: 'Signals', text: 'Hi', messageId: '1' });
    // the desk's conversation: those of scope all (the admin, the operator), not the reps
    await expect.poll(() => chatSignals(chatId), { timeout: 5000 }).toContain(operator.id);
    expect(chatSignals(chatId)).toContain(admin.id);
    expect(chatSignals(chatId)).not.toContain(rep.id);
    expect(signals.find((s) => s.signal === 'chatMessage')).toEqual({ signal: 'chatMessage', chatId: expect.any(Number), userId: expect.any(Number) });

    // linked to the rep's pharmacy: the rep (and their chief) are told too, the other rep is not
    await inject('PUT', `/api/chats/${chatId}`, operator, { organizationId: pharmacy.id });
    signals.length = 0;
    await receiveClientMessage(app.db, { channel: 'telegram', externalId: '8120', title: 'Signals', text: 'Again', messageId: '2' });
    await expect.poll(() => chatSignals(chatId), { timeout: 5000 }).toContain(rep.id);
    expect(chatSignals(chatId)).toContain(chief.id);
    expect(chatSignals(chatId)).not.toContain(rep2.id);

    // a reply's delivery known: told again
    signals.length = 0;
    await inject('POST', `/api/chats/${chatId}/messages`, rep, { text: 'Hello' });
    await expect.poll(() => chatSignals(chatId), { timeout: 5000 }).toContain(operator.id);
    await unlisten();
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
