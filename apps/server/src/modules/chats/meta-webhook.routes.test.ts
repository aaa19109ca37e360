import { createHmac } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestInstance, makeUser } from '../../test/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { headers } from '../../test/counterparties.js';

const secret = 'meta-app-secret-for-tests';
let database: TestDatabase;
let app: FastifyInstance;
let operator: Awaited<ReturnType<typeof makeUser>>;
/** A local stand-in of Meta's Send API (what the app sent, by path; a file as multipart) and of its CDN (a client's photo). */
let graph: Server;
type Sent = {
  url: string;
  body: { recipient: { id: string }; message: { text?: string; attachment?: { type: string } } };
  file?: { name: string; data: Buffer };
};
const sent: Sent[] = [];
const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 3)]);
let graphUrl = '';

/** What the Graph API stand-in was asked of clients' profiles, and what it answers by id (held until released, for one). */
const asked: string[] = [];
const profiles: Record<string, { status: number; body?: object }> = {
  '2400000000000001': { status: 200, body: { name: 'Dilnoza Karimova', id: '2400000000000001' } },
  '17841400000000003': { status: 200, body: { username: 'apteka_shifo', id: '17841400000000003' } },
  '2400000000000009': { status: 500, body: { error: { message: 'nope' } } },
};
let held: { id: string; release: () => void } | null = null;
function profile(url: string, res: ServerResponse) {
  asked.push(url);
  const id = /^\/v21\.0\/([^?]+)/.exec(url)?.[1] ?? '';
  const answer = () => {
    const p = profiles[id] ?? { status: 404, body: { error: { message: 'unknown' } } };
    res.writeHead(p.status, { 'content-type': 'application/json' }).end(JSON.stringify(p.body ?? {}));
  };
  if (held?.id === id) held.release = answer;
  else answer();
}
const chatsOf = async (channel: string) => (await app.inject({ method: 'GET', url: `/api/chats?channel=${channel}`, headers: headers(app, operator) })).json();
async function until<T>(check: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sign = (body: string, key = secret) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
const post = (body: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/social/meta/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: body,
  });
const event = (object: 'instagram' | 'page', sender: string, mid: string, text: string) =>
  JSON.stringify({
    object,
    entry: [
      { id: 'page-1', time: Date.now(), messaging: [{ sender: { id: sender }, recipient: { id: 'page-1' }, timestamp: Date.now(), message: { mid, text } }] },
    ],
  });

beforeAll(async () => {
  graph = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/cdn/photo_123.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (req.method === 'GET' && req.url?.startsWith('/v21.0/')) return profile(req.url, res);
    if (req.method === 'GET') return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
      const file = form.get('filedata') as File;
      sent.push({
        url: req.url ?? '',
        body: { recipient: JSON.parse(String(form.get('recipient'))), message: JSON.parse(String(form.get('message'))) },
        file: { name: file.name, data: Buffer.from(await file.arrayBuffer()) },
      });
    } else sent.push({ url: req.url ?? '', body: JSON.parse(raw.toString()) });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ recipient_id: 'x', message_id: 'm' }));
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  app = await buildTestInstance(database, {
    META_APP_SECRET: secret,
    META_VERIFY_TOKEN: 'verify-me-please',
    META_PAGE_TOKEN: 'page-token-123',
    META_GRAPH_URL: `${graphUrl}/v21.0`,
    TASK_REMINDER_SWEEP_SECONDS: '0',
  });
  operator = await makeUser(database.db, 'operator');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  graph?.close();
});

describe('Meta’s webhook', () => {
  it('answers the subscription check only with the verify token', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/api/social/meta/webhook?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await app.inject({ method: 'GET', url: '/api/social/meta/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1' })).statusCode).toBe(
      403,
    );
  });

  it('refuses a call without the app’s signature, with another key’s, or with the body changed after signing', async () => {
    const body = event('instagram', '17841400000000001', 'mid.1', 'Salom');
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, sign(body, 'another-secret'))).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await post(body.replace('Salom', 'Salom!'), sign(body))).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/chats', headers: headers(app, operator) })).json().total).toBe(0);
  });

  it('puts a signed message in the inbox once, however often Meta delivers it; the answer goes through the Send API', async () => {
    const body = event('instagram', '17841400000000002', 'mid.2', 'Narxlar roʻyxatini yuboring');
    expect((await post(body, sign(body))).json()).toEqual({ received: 1 });
    expect((await post(body, sign(body))).json()).toEqual({ received: 0 });
    const list = (await app.inject({ method: 'GET', url: '/api/chats?channel=instagram', headers: headers(app, operator) })).json();
    expect(list.items).toEqual([
      expect.objectContaining({ channel: 'instagram', title: 'Instagram …0002', unread: 1, lastMessageText: 'Narxlar roʻyxatini yuboring' }),
    ]);
    const reply = await app.inject({
      method: 'POST',
      url: `/api/chats/${list.items[0].id}/messages`,
      headers: headers(app, operator),
      payload: { text: 'Bugun yuboramiz' },
    });
    expect(reply.json().delivery).toBe('sent');
    expect(sent).toEqual([
      {
        url: '/v21.0/me/messages?access_token=page-token-123',
        body: expect.objectContaining({ recipient: { id: '17841400000000002' }, message: { text: 'Bugun yuboramiz' } }),
      },
    ]);
  });

  it('titles a new conversation with the sender’s name from the Graph API (Messenger: fields=name), once', async () => {
    const body = event('page', '2400000000000001', 'mid.10', 'Assalomu alaykum');
    expect((await post(body, sign(body))).json()).toEqual({ received: 1 });
    const named = await until(async () => (await chatsOf('facebook')).items.find((c: { title: string }) => c.title === 'Dilnoza Karimova'));
    expect(asked).toContain('/v21.0/2400000000000001?fields=name&access_token=page-token-123');
    // the name is searchable, and the sender's next message neither asks again nor puts the stand-in back
    const next = event('page', '2400000000000001', 'mid.11', 'Narxlar?');
    expect((await post(next, sign(next))).json()).toEqual({ received: 1 });
    expect(asked.filter((u) => u.startsWith('/v21.0/2400000000000001'))).toHaveLength(1);
    const found = (await app.inject({ method: 'GET', url: '/api/chats?q=Dilnoza', headers: headers(app, operator) })).json();
    expect(found.items.map((c: { id: number; title: string }) => [c.id, c.title])).toEqual([[named.id, 'Dilnoza Karimova']]);
  });

  it('answers Meta before the Graph API does; an Instagram sender without a name is their @username', async () => {
    held = { id: '17841400000000003', release: () => {} };
    const body = event('instagram', '17841400000000003', 'mid.20', 'Salom');
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(200);
    await until(async () => asked.some((u) => u.startsWith('/v21.0/17841400000000003')));
    expect(asked).toContain('/v21.0/17841400000000003?fields=name,username&access_token=page-token-123');
    expect((await chatsOf('instagram')).items.map((c: { title: string }) => c.title)).toContain('Instagram …0003');
    const release = held.release;
    held = null;
    release();
    await until(async () => (await chatsOf('instagram')).items.some((c: { title: string }) => c.title === '@apteka_shifo'));
  });

  it('keeps the stand-in title when the Graph API fails, and still takes the message', async () => {
    const body = event('page', '2400000000000009', 'mid.30', 'Hello');
    expect((await post(body, sign(body))).json()).toEqual({ received: 1 });
    await until(async () => asked.some((u) => u.startsWith('/v21.0/2400000000000009')));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await chatsOf('facebook')).items.map((c: { title: string }) => c.title)).toContain('Facebook …0009');
  });

  it('keeps a client’s photo from its link, or the link when it cannot be read; our file goes up to the Send API, then its caption', async () => {
    const sender = '17841400000000004';
    const body = JSON.stringify({
      object: 'instagram',
      entry: [
        {
          id: 'page-1',
          messaging: [
            {
              sender: { id: sender },
              timestamp: Date.now(),
              message: { mid: 'mid.3', attachments: [{ type: 'image', payload: { url: `${graphUrl}/cdn/photo_123.jpg` } }] },
            },
            {
              sender: { id: sender },
              timestamp: Date.now(),
              message: { mid: 'mid.4', attachments: [{ type: 'file', payload: { url: `${graphUrl}/cdn/gone.pdf` } }] },
            },
          ],
        },
      ],
    });
    expect((await post(body, sign(body))).json()).toEqual({ received: 2 });
    const [chat] = (await app.inject({ method: 'GET', url: '/api/chats?q=0004', headers: headers(app, operator) })).json().items;
    const [gone, kept] = (await app.inject({ method: 'GET', url: `/api/chats/${chat.id}/messages`, headers: headers(app, operator) })).json().items;
    expect(kept).toMatchObject({ text: '', attachments: [{ name: 'photo_123.jpg', contentType: 'image/jpeg', size: photo.length }] });
    const served = await app.inject({ method: 'GET', url: `/api/chats/attachments/${kept.attachments[0].id}`, headers: headers(app, operator) });
    expect(served.rawPayload.equals(photo)).toBe(true);
    expect(gone).toMatchObject({ text: `${graphUrl}/cdn/gone.pdf`, attachments: [] });

    sent.length = 0;
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const reply = await app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: headers(app, operator),
      payload: { text: 'Narxlar', attachment: { name: 'narx.pdf', data: pdf.toString('base64') } },
    });
    expect(reply.json()).toMatchObject({ delivery: 'sent', attachments: [{ name: 'narx.pdf', contentType: 'application/pdf' }] });
    expect(sent).toMatchObject([
      {
        url: '/v21.0/me/messages?access_token=page-token-123',
        body: { recipient: { id: sender }, message: { attachment: { type: 'file' } } },
        file: { name: 'narx.pdf' },
      },
      { body: { recipient: { id: sender }, message: { text: 'Narxlar' } } },
    ]);
    expect(sent[0]!.file!.data.equals(pdf)).toBe(true);
  });
});
