import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxMessageAttachmentBytes } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { headers } from '../../test/counterparties.js';
import { messages } from './messages.table.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep: U, rep2: U, outsider: U;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const start = (user: { id: number }, body: Record<string, unknown>) => inject('POST', '/api/messages/conversations', user, body);
const direct = async (a: { id: number }, b: { id: number }) => (await start(a, { kind: 'direct', memberIds: [b.id] })).json().id as number;
const send = (id: number, user: { id: number }, body: Record<string, unknown>, lng = 'en') =>
  inject('POST', `/api/messages/conversations/${id}/messages`, user, body, lng);
const conversationsOf = async (user: { id: number }) => (await inject('GET', '/api/messages/conversations', user)).json();

/** A 1×1 PNG: the real signature, so the server takes it for what it says it is. */
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  rep2 = await makeUser(t.db, 'rep', { managerId: chief.id });
  outsider = await makeUser(t.db, 'rep', { managerId: admin.id });
});
afterAll(() => t.close());

describe('starting conversations', () => {
  it('one-to-one: asked twice, by either of the two, the same conversation answers', async () => {
    const first = await start(chief, { kind: 'direct', memberIds: [rep.id] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'direct', title: rep.fullName, unread: 0, lastMessage: null });
    expect(
      first
        .json()
        .members.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([chief.id, rep.id].sort());
    const again = await start(chief, { kind: 'direct', memberIds: [rep.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const back = await start(rep, { kind: 'direct', memberIds: [chief.id] });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: first.json().id, title: chief.fullName });
  });

  it('a group has a title and its members: chosen people and the team', async () => {
    const team = await start(chief, { kind: 'group', title: 'Команда', team: true });
    expect(team.statusCode, team.body).toBe(201);
    expect(
      team
        .json()
        .members.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([chief.id, rep.id, rep2.id].sort());
    const chosen = await start(rep, { kind: 'group', title: 'Двое', memberIds: [outsider.id] });
    expect(chosen.json().members).toHaveLength(2);
  });

  it('bad input names the field, in the asked language', async () => {
    const untitled = await start(chief, { kind: 'group', memberIds: [rep.id] });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toMatchObject({ code: 'REQUIRED_FIELDS_MISSING', fields: { title: 'Required field' } });
    const two = await inject('POST', '/api/messages/conversations', chief, { kind: 'direct', memberIds: [rep.id, rep2.id] }, 'ru');
    expect(two.json().fields).toEqual({ memberIds: 'Обязательное поле' });
    expect((await start(chief, { kind: 'direct', memberIds: [chief.id] })).json().fields).toHaveProperty('memberIds');
    expect((await start(chief, { kind: 'direct', memberIds: [999_999] })).json().fields).toHaveProperty('memberIds');
  });
});

describe('sending', () => {
  it('text with a PNG: the other member gets it, the file is served inline and never sniffed; an outsider sees nothing', async () => {
    const id = await direct(chief, rep);
    const sent = await send(id, chief, {
      text: '  Посмотрите витрину  ',
      attachments: [{ name: 'витрина.png', contentType: 'image/png', data: png }],
      link: { kind: 'order', id: 7 },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({ text: 'Посмотрите витрину', senderId: chief.id, link: { kind: 'order', id: 7 } });
    expect(message.attachments).toEqual([{ id: expect.any(Number), name: 'витрина.png', contentType: 'image/png', size: Buffer.from(png, 'base64').length }]);

    const file = await inject('GET', `/api/messages/attachments/${message.attachments[0].id}`, rep);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);

    expect((await inject('GET', `/api/messages/attachments/${message.attachments[0].id}`, outsider)).statusCode).toBe(404);
    expect((await inject('GET', `/api/messages/conversations/${id}`, outsider)).statusCode).toBe(404);
    expect((await inject('GET', `/api/messages/conversations/${id}/messages`, outsider)).statusCode).toBe(404);
    expect((await send(id, outsider, { text: 'я тоже тут' })).statusCode).toBe(404);
    expect((await inject('POST', `/api/messages/conversations/${id}/read`, outsider, { messageId: message.id })).statusCode).toBe(404);
    expect((await conversationsOf(outsider)).items.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it('a PDF is downloaded, not shown', async () => {
    const id = await direct(chief, rep2);
    const sent = (await send(id, chief, { text: 'Договор', attachments: [{ name: 'договор.pdf', contentType: 'application/pdf', data: pdf }] })).json();
    const file = await inject('GET', `/api/messages/attachments/${sent.attachments[0].id}`, rep2);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('a disguised file, a forbidden type and a file over 10 MB are refused with the field and why', async () => {
    const id = await direct(chief, rep);
    const disguised = await send(id, chief, {
      text: 'x',
      attachments: [{ name: 'a.png', contentType: 'image/png', data: Buffer.from('<script>alert(1)</script>').toString('base64') }],
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().fields).toEqual({ 'attachments.0.data': 'The file must be a PNG, JPEG or WebP image or a PDF document' });
    const pdfAsPng = await send(id, chief, { text: 'x', attachments: [{ name: 'a.png', contentType: 'image/png', data: pdf }] });
    expect(pdfAsPng.json().fields).toHaveProperty(['attachments.0.data']);
    const svg = await send(id, chief, {
      text: 'x',
      attachments: [{ name: 'a.svg', contentType: 'image/svg+xml', data: Buffer.from('<svg/>').toString('base64') }],
    });
    expect(svg.json().fields).toEqual({ 'attachments.0.contentType': 'The file must be a PNG, JPEG or WebP image or a PDF document' });
    const big = Buffer.alloc(maxMessageAttachmentBytes + 1);
    Buffer.from(png, 'base64').copy(big);
    const tooLarge = await send(id, chief, { text: 'x', attachments: [{ name: 'big.png', contentType: 'image/png', data: big.toString('base64') }] }, 'ru');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fields).toEqual({ 'attachments.0.data': 'Файл должен быть не больше 10 МБ' });
    const page = (await inject('GET', `/api/messages/conversations/${id}/messages`, rep)).json();
    expect(page.items.map((m: { text: string }) => m.text)).not.toContain('x');
  });

  it('text is required and at most 4000 characters', async () => {
    const id = await direct(chief, rep);
    expect((await send(id, chief, { text: '   ' })).json().fields).toEqual({ text: 'Required field' });
    expect((await send(id, chief, { text: 'я'.repeat(4001) })).json().fields).toHaveProperty('text');
    expect((await send(id, chief, { text: 'я'.repeat(4000) })).statusCode).toBe(201);
  });
});

describe('reading', () => {
  it('unread counts per conversation and in all; read receipts when every other member has read', async () => {
    const id = (await start(chief, { kind: 'group', title: 'Склад', memberIds: [rep.id, rep2.id] })).json().id;
    const before = (await conversationsOf(rep)).unread;
    await send(id, chief, { text: 'Первое' });
    const second = (await send(id, chief, { text: 'Второе' })).json();
    const mine = await conversationsOf(rep);
    expect(mine.items.find((c: { id: number }) => c.id === id)).toMatchObject({ unread: 2, title: 'Склад', lastMessage: { id: second.id, text: 'Второе' } });
    expect(mine.unread).toBe(before + 2);
    expect((await inject('GET', '/api/messages/unread', rep)).json()).toEqual({ unread: before + 2 });
    // the chief's own messages are not unread to the chief
    expect((await conversationsOf(chief)).items.find((c: { id: number }) => c.id === id).unread).toBe(0);

    const read = await inject('POST', `/api/messages/conversations/${id}/read`, rep, { messageId: second.id });
    expect(read.json()).toEqual({ unread: before });
    // one of two has read: not yet "read"
    expect((await inject('GET', `/api/messages/conversations/${id}/messages`, chief)).json().readByAllUpTo).toBe(0);
    await inject('POST', `/api/messages/conversations/${id}/read`, rep2, { messageId: second.id });
    expect((await inject('GET', `/api/messages/conversations/${id}/messages`, chief)).json().readByAllUpTo).toBe(second.id);
    const members = (await inject('GET', `/api/messages/conversations/${id}`, chief)).json().members;
    expect(members.find((m: { id: number }) => m.id === rep.id).lastReadId).toBe(second.id);
    // a read mark never goes back
    const first = (await inject('GET', `/api/messages/conversations/${id}/messages`, rep)).json().items[1];
    await inject('POST', `/api/messages/conversations/${id}/read`, rep, { messageId: first.id });
    expect((await inject('GET', `/api/messages/conversations/${id}`, rep)).json().members.find((m: { id: number }) => m.id === rep.id).lastReadId).toBe(
      second.id,
    );
  });

  it('history pages by keyset: 50 a page, newest first', async () => {
    const id = await direct(admin, rep2);
    await t.db.insert(messages).values(Array.from({ length: 120 }, (_, i) => ({ conversationId: id, senderId: admin.id, text: `№${i + 1}` })));
    const first = (await inject('GET', `/api/messages/conversations/${id}/messages`, rep2)).json();
    expect(first.items).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.items[0].text).toBe('№120');
    const second = (await inject('GET', `/api/messages/conversations/${id}/messages?before=${first.items[49].id}`, rep2)).json();
    expect(second.items[0].text).toBe('№70');
    const third = (await inject('GET', `/api/messages/conversations/${id}/messages?before=${second.items[49].id}`, rep2)).json();
    expect(third.items.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `№${20 - i}`));
    expect(third.hasMore).toBe(false);
  });
});

describe('search and notifications', () => {
  it('search finds any part of the text in my conversations only', async () => {
    const id = await direct(chief, rep);
    await send(id, chief, { text: 'Остатки по Нурофену уточните' });
    const found = (await inject('GET', `/api/messages/search?q=${encodeURIComponent('нурофен')}`, rep)).json();
    expect(found.items[0]).toMatchObject({ conversationId: id, conversationTitle: chief.fullName, senderName: chief.fullName });
    expect((await inject('GET', `/api/messages/search?q=${encodeURIComponent('нурофен')}`, outsider)).json().items).toEqual([]);
    expect((await inject('GET', '/api/messages/search?q=%25%25%25%25', rep)).json().items).toEqual([]);
    expect((await inject('GET', '/api/messages/search?q=ab', rep)).json().fields).toHaveProperty('q');
  });

  it('each other member is notified in the same change, as their setting says', async () => {
    const id = (await start(chief, { kind: 'group', title: 'Планёрка', memberIds: [rep.id, rep2.id] })).json().id;
    const off = await inject('PUT', '/api/notifications/settings', rep2, { items: [{ kind: 'message', channel: 'off' }] });
    expect(off.statusCode, off.body).toBe(200);
    await send(id, chief, { text: 'Планёрка в 9:00' });
    const notes = (await inject('GET', '/api/notifications', rep)).json().items;
    expect(notes[0]).toMatchObject({
      kind: 'message',
      subjectType: 'conversation',
      subjectId: id,
      params: { by: chief.fullName, text: 'Планёрка в 9:00', title: 'Планёрка' },
    });
    const rep2Notes = (await inject('GET', '/api/notifications', rep2)).json().items;
    expect(rep2Notes.filter((n: { subjectId: number }) => n.subjectId === id)).toEqual([]);
    const chiefNotes = (await inject('GET', '/api/notifications', chief)).json().items;
    expect(chiefNotes.filter((n: { kind: string; subjectId: number }) => n.kind === 'message' && n.subjectId === id)).toEqual([]);
  });
});
