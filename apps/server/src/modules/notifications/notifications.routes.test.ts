import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../db/client.js';
import { authFor, buildTestInstance, createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { orderPeople, orderStock } from '../../test/order-fixtures.js';
import { notify } from './notifications.service.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let operator: U, operator2: U, chief: U, rep: U, rep2: U;
let pharmacy: { id: number };
let aspirin: number;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const list = async (user: { id: number }, query = '') => (await inject('GET', `/api/notifications${query}`, user)).json();
async function newOrder(user = rep): Promise<{ id: number; number: string }> {
  const res = await inject('POST', '/api/orders', user, {
    organizationId: pharmacy.id,
    deliveryAddress: "Bunyodkor ko'chasi, 12",
    positions: [{ productId: aspirin, quantity: 1 }],
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const move = (id: number, user: { id: number }, to: string, reason?: string) =>
  inject('POST', `/api/orders/${id}/move`, user, reason === undefined ? { to } : { to, reason });

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const people = await orderPeople(t.db);
  ({ operator, chief, rep, rep2 } = people);
  operator2 = await makeUser(t.db, 'operator');
  await makeUser(t.db, 'operator', { active: false });
  for (const u of [rep, rep2]) await assignTerritory(t.db, u.id, chilonzor);
  pharmacy = await createOrganization(t.app, people.admin, organizationBody(chilonzor, { name: 'Аптека Шифо' }));
  ({ aspirin } = await orderStock(t.db, { nurofenSoon: 10, nurofenLater: 10, aspirin: 1000, citramon: 10 }));
});
afterAll(() => t.close());

describe('notifications of orders', () => {
  it("tells the rep of the operator's refusal with its reason, and nobody else", async () => {
    const before = (await list(rep)).unread;
    const order = await newOrder();
    expect((await move(order.id, operator, 'cancelled', 'Нет лицензии')).statusCode).toBe(200);
    const mine = await list(rep);
    expect(mine.unread).toBe(before + 1);
    expect(mine.items[0]).toMatchObject({
      kind: 'orderStatus',
      subjectType: 'order',
      subjectId: order.id,
      readAt: null,
      params: { number: order.number, from: 'new', to: 'cancelled', reason: 'Нет лицензии', organization: 'Аптека Шифо' },
    });
    expect(mine.items[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // the rep's own move tells the rep nothing; another rep hears nothing of it
    expect((await list(rep2)).items.filter((n: { subjectId: number }) => n.subjectId === order.id)).toEqual([]);
  });

  it('tells every active operator of a new order, and the rep’s chief of one that needs agreement', async () => {
    const order = await newOrder();
    for (const op of [operator, operator2]) {
      expect((await list(op)).items[0]).toMatchObject({ kind: 'orderDecision', subjectId: order.id, params: { to: 'new', number: order.number } });
    }
    expect((await move(order.id, operator, 'in_processing')).statusCode).toBe(200);
    expect((await move(order.id, operator, 'under_agreement')).statusCode).toBe(200);
    expect((await list(chief)).items[0]).toMatchObject({ kind: 'orderDecision', subjectId: order.id, params: { to: 'under_agreement' } });
  });

  it('writes nothing when the change is refused (the notification is in its transaction)', async () => {
    const order = await newOrder();
    const count = (await list(rep)).unread;
    expect((await move(order.id, operator, 'completed')).statusCode).toBe(409);
    expect((await list(rep)).unread).toBe(count);
  });
});

describe('reading notifications', () => {
  it('pages newest first by keyset, marks one and all read, and never touches another user’s', async () => {
    const orders = [await newOrder(rep2), await newOrder(rep2), await newOrder(rep2)];
    for (const o of orders) expect((await move(o.id, operator, 'in_processing')).statusCode).toBe(200);
    const first = await list(rep2, '?size=2');
    expect(first.items.map((n: { subjectId: number }) => n.subjectId)).toEqual([orders[2]!.id, orders[1]!.id]);
    expect(first.hasMore).toBe(true);
    const second = await list(rep2, `?size=2&before=${first.items[1].id}`);
    expect(second.items.map((n: { subjectId: number }) => n.subjectId)).toEqual([orders[0]!.id]);
    expect(second.hasMore).toBe(false);

    expect((await inject('POST', `/api/notifications/${first.items[0].id}/read`, rep)).statusCode).toBe(404);
    const read = await inject('POST', `/api/notifications/${first.items[0].id}/read`, rep2);
    expect(read.json()).toEqual({ unread: 2 });
    expect((await list(rep2, '?unread=true')).items).toHaveLength(2);
    expect((await inject('POST', '/api/notifications/read-all', rep2)).json()).toEqual({ unread: 0 });
    expect((await list(rep2)).items.every((n: { readAt: string | null }) => n.readAt)).toBe(true);
  });

  it('refuses without a token and with a bad query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/stream' })).statusCode).toBe(401);
    // the stream stays open: only a client that asks for an event stream gets one
    expect((await inject('GET', '/api/notifications/stream', rep)).json().fields).toHaveProperty('accept');
    const bad = await inject('GET', '/api/notifications?size=1000', rep);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('size');
  });
});

describe('notification settings', () => {
  it('every kind reaches the app by default; a kind turned off writes nothing', async () => {
    const settings = (await inject('GET', '/api/notifications/settings', rep)).json();
    expect(settings.items.find((s: { kind: string }) => s.kind === 'orderStatus')).toEqual({ kind: 'orderStatus', channel: 'app' });
    expect(settings).toMatchObject({ telegramAvailable: false, telegramLinked: false });
    const saved = await inject('PUT', '/api/notifications/settings', rep, { items: [{ kind: 'orderStatus', channel: 'off' }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().items.find((s: { kind: string }) => s.kind === 'orderStatus').channel).toBe('off');
    const count = (await list(rep)).items.length;
    const order = await newOrder();
    expect((await move(order.id, operator, 'in_processing')).statusCode).toBe(200);
    expect((await list(rep)).items.length).toBe(count);
    await inject('PUT', '/api/notifications/settings', rep, { items: [{ kind: 'orderStatus', channel: 'app' }] });
  });

  it('refuses Telegram while the company has no bot, naming the field in the user’s language', async () => {
    const res = await inject('PUT', '/api/notifications/settings', rep, { items: [{ kind: 'message', channel: 'telegram' }] }, 'ru');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'items.0.channel': 'Telegram в этой компании не подключён' });
    const twice = await inject('PUT', '/api/notifications/settings', rep, {
      items: [
        { kind: 'message', channel: 'off' },
        { kind: 'message', channel: 'app' },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });
});

/** Reads a text/event-stream answer: each event's id and data, as they come. */
async function openStream(base: string, user: { id: number }, app: FastifyInstance, lastEventId?: number) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { ...authFor(app, user), accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: { id: number; data: { id: number; kind: string; subjectId: number } }[] = [];
  const signals: { signal: string; conversationId: number }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) events.push({ id: Number(id), data: JSON.parse(data) });
        else if (/^event: signal$/m.test(block) && data) signals.push(JSON.parse(data));
      }
    }
  })();
  /** the events so far once `ready` holds of them, polling with a bound (no sleeping for a fixed time) */
  const until = async (ready: (e: typeof events) => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!ready(events)) {
      if (Date.now() > end) throw new Error(`stream: not ready after ${ms} ms, got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return events;
  };
  return {
    events,
    signals,
    until,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe('the notification stream', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('delivers a committed change to every open stream of the user, live', async () => {
    const [tab1, tab2] = [await openStream(base, rep, t.app), await openStream(base, rep, t.app)];
    const other = await openStream(base, rep2, t.app);
    const order = await newOrder();
    await move(order.id, operator, 'in_processing');
    for (const tab of [tab1, tab2]) {
      const [e] = await tab.until((e) => e.length > 0);
      expect(e!.data).toMatchObject({ kind: 'orderStatus', subjectId: order.id });
      expect(e!.id).toBe(e!.data.id);
    }
    expect(other.events).toEqual([]);
    await Promise.all([tab1.close(), tab2.close(), other.close()]);
  });

  it("tells the other members' open streams that a member read their conversation, as a signal that is no notification", async () => {
    const conversation = (await inject('POST', '/api/messages/conversations', chief, { kind: 'direct', memberIds: [rep.id] })).json().id as number;
    const sent = (await inject('POST', `/api/messages/conversations/${conversation}/messages`, chief, { text: 'Отчёт к пятнице' })).json();
    const chiefTab = await openStream(base, chief, t.app);
    const repTab = await openStream(base, rep, t.app);
    const before = (await list(chief)).items.length;
    expect((await inject('POST', `/api/messages/conversations/${conversation}/read`, rep, { messageId: sent.id })).statusCode).toBe(200);
    await chiefTab.until(() => chiefTab.signals.length > 0);
    expect(chiefTab.signals).toEqual([{ signal: 'conversationRead', conversationId: conversation }]);
    // reading again what was read tells nobody; the reader's own streams hear nothing of it
    expect((await inject('POST', `/api/messages/conversations/${conversation}/read`, rep, { messageId: sent.id })).statusCode).toBe(200);
    // (the rep's answer reaches the chief after anything the repeated read could have sent: NOTIFYs come in commit order)
    await inject('POST', `/api/messages/conversations/${conversation}/messages`, rep, { text: 'Хорошо' });
    await chiefTab.until((e) => e.some((n) => n.data.kind === 'message'));
    expect(chiefTab.signals).toHaveLength(1);
    expect(repTab.signals).toEqual([]);
    expect((await list(chief)).items.length).toBe(before + 1);
    await Promise.all([chiefTab.close(), repTab.close()]);
  });

  it('a stream that reconnects with Last-Event-ID first gets what it missed, once each, in order', async () => {
    const tab = await openStream(base, rep, t.app);
    const a = await newOrder();
    await move(a.id, operator, 'in_processing');
    const [seen] = await tab.until((e) => e.length === 1);
    await tab.close();
    const b = await newOrder();
    await move(b.id, operator, 'in_processing');
    await move(b.id, operator, 'under_agreement');
    const again = await openStream(base, rep, t.app, seen!.id);
    const events = await again.until((e) => e.length === 2);
    expect(events.map((e) => e.data.subjectId)).toEqual([b.id, b.id]);
    expect(events[0]!.id).toBeLessThan(events[1]!.id);
    await again.close();
  });

  it('a notification committed while no server listened reaches the user after a restart (the table is the outbox)', async () => {
    const tab = await openStream(base, rep, t.app);
    const order = await newOrder();
    await move(order.id, operator, 'in_processing');
    const [last] = await tab.until((e) => e.length === 1);
    await tab.close();
    // the server is gone (between the commit and any delivery) …
    await t.app.close();
    await t.db.transaction((tx) =>
      notify(tx, { to: [rep.id], kind: 'orderStatus', subject: { type: 'order', id: order.id }, params: { to: 'approved_for_shipment' } }),
    );
    // … and a new one on the same database delivers it to the reconnecting client
    t.app = await buildTestInstance(t.database);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const again = await openStream(base, rep, t.app, last!.id);
    const [missed] = await again.until((e) => e.length === 1);
    expect(missed!.data).toMatchObject({ kind: 'orderStatus', subjectId: order.id });
    await again.close();
  });

  it('two server instances on one database: a change made through one reaches a client of the other', async () => {
    const second = t.database.driver === 'postgres' ? await openDatabase({ url: t.database.url! }) : t.database;
    const other = await buildTestInstance(second);
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const tab = await openStream(otherBase, rep, other);
      const order = await newOrder();
      const started = Date.now();
      await move(order.id, operator, 'in_processing'); // through the first instance
      const [e] = await tab.until((e) => e.length > 0);
      expect(e!.data).toMatchObject({ kind: 'orderStatus', subjectId: order.id });
      expect(Date.now() - started).toBeLessThan(5000);
      await tab.close();
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
