import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../test/render';
import { reportAnswer } from './connection';
import { dropOutboxItem, eraseOutbox, flushOutbox, localId, retryOutboxItem, sendOrQueue, serverIdOf, type QueuedWrite } from './outbox';
import { logout } from './session';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The server as the phone meets it: unreachable, or answering each call with `answer`. */
let reachable = true;
let sent: Sent[] = [];
let answer: (call: Sent) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

beforeEach(() => {
  reachable = true;
  sent = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!reachable) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    const call: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  signedInAs('rep', ['visits.edit'], 7);
});
afterEach(async () => {
  await eraseOutbox();
  logout();
  reportAnswer(true);
});

const visitWrite = (id: number, call: string, body: unknown, extra: Partial<QueuedWrite> = {}): QueuedWrite => ({
  endpoint: `visits.visits.${call}`,
  params: { id },
  body,
  subject: `visit:${id}`,
  label: { kind: 'visitStart', name: 'Аптека №1' },
  ...extra,
});

describe('the phone’s queue of writes', () => {
  it('a write that gets no answer waits with its local answer, and is sent once the server answers, with its key and times', async () => {
    reachable = false;
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const queued = await sendOrQueue(
      visitWrite(12, 'start', { position: { lat: 41.3, lng: 69.2, accuracy: 10, deviceTime: startedAt } }, { actedAt: startedAt }),
      () => ({
        id: 12,
        status: 'in_progress',
      }),
    );
    expect(queued).toEqual({ answer: { id: 12, status: 'in_progress' }, queued: true });

    reachable = true;
    answer = (call) => ({ status: 200, body: { id: 12, status: 'in_progress', path: call.path } });
    await flushOutbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/visits/12/start');
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[0]!.headers['x-acted-at']).toBe(startedAt);
    expect(Date.parse(sent[0]!.headers['x-sent-at']!)).toBeGreaterThan(Date.parse(startedAt));
    // sent once: another flush sends nothing
    await flushOutbox();
    expect(sent).toHaveLength(1);
  });

  it('a visit planned offline gets the server’s id, and the writes queued after it go to that id', async () => {
    reachable = false;
    const local = localId();
    await sendOrQueue(
      { endpoint: 'visits.visits.plan', body: { organizationId: 5 }, subject: `visit:${local}`, creates: local, label: { kind: 'visitPlan', name: 'A' } },
      () => ({ id: local }),
    );
    await sendOrQueue(visitWrite(local, 'start', { position: null }), () => ({ id: local }));
    reachable = true;
    answer = (call) => ({ status: call.path === '/api/visits' ? 201 : 200, body: { id: 41 } });
    await flushOutbox();
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/visits', 'POST /api/visits/41/start']);
    expect(await serverIdOf(local)).toBe(41);
  });

  it('a refusal in the background needs attention, holds back the later writes of its subject only, and is resolved by sending it changed or dropping it', async () => {
    reachable = false;
    await sendOrQueue(visitWrite(1, 'saveRemainders', { items: [{ productId: 3, quantity: 9 }] }), () => ({}));
    await sendOrQueue(visitWrite(1, 'complete', { position: null }), () => ({}));
    await sendOrQueue(visitWrite(2, 'start', { position: null }), () => ({}));
    reachable = true;
    answer = (call) =>
      call.path === '/api/visits/1/remainders' && (call.body as { items: { quantity: number }[] }).items[0]!.quantity > 5
        ? { status: 409, body: { code: 'VISIT_NOT_IN_PROGRESS', message: 'The visit is not in progress.' } }
        : { status: 200, body: { id: 1 } };
    await flushOutbox();
    expect(sent.map((s) => s.path)).toEqual(['/api/visits/1/remainders', '/api/visits/2/start']);

    // sent again with another body: another request, so another key
    const firstKey = sent[0]!.headers['idempotency-key'];
    const attention = await attentionItems();
    expect(attention).toHaveLength(1);
    expect(attention[0]!.error).toEqual({ code: 'VISIT_NOT_IN_PROGRESS', message: 'The visit is not in progress.' });
    await retryOutboxItem(attention[0]!.seq!, { items: [{ productId: 3, quantity: 2 }] });
    expect(sent.map((s) => s.path)).toEqual(['/api/visits/1/remainders', '/api/visits/2/start', '/api/visits/1/remainders', '/api/visits/1/complete']);
    expect(sent[2]!.headers['idempotency-key']).not.toBe(firstKey);
    expect(await attentionItems()).toEqual([]);
  });

  it('a write dropped by the user lets the rest of its subject go', async () => {
    reachable = false;
    await sendOrQueue(visitWrite(3, 'addDoctor', { doctorId: 9 }), () => ({}));
    await sendOrQueue(visitWrite(3, 'complete', { position: null }), () => ({}));
    reachable = true;
    answer = (call) =>
      call.path.endsWith('/doctors')
        ? { status: 409, body: { code: 'VISIT_DOCTOR_ALREADY_ADDED', message: 'Already added.' } }
        : { status: 200, body: { id: 3 } };
    await flushOutbox();
    const [refused] = await attentionItems();
    await dropOutboxItem(refused!.seq!);
    expect(sent.map((s) => s.path)).toEqual(['/api/visits/3/doctors', '/api/visits/3/complete']);
  });

  it('sent at once: the server’s answer, or its refusal thrown where the user made it, leaving nothing queued', async () => {
    answer = () => ({ status: 200, body: { id: 8, status: 'completed' } });
    expect(await sendOrQueue(visitWrite(8, 'complete', { position: null }), () => ({ id: 8, status: 'local' }))).toEqual({
      answer: { id: 8, status: 'completed' },
      queued: false,
    });
    answer = () => ({ status: 400, body: { code: 'GEOLOCATION_REQUIRED', message: 'Turn on geolocation.' } });
    await expect(sendOrQueue(visitWrite(8, 'complete', {}), () => ({}))).rejects.toMatchObject({ code: 'GEOLOCATION_REQUIRED' });
    answer = () => ({ status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } });
    await expect(sendOrQueue(visitWrite(8, 'complete', {}), () => ({}))).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(await allItems()).toEqual([expect.objectContaining({ state: 'sent' })]);
  });

  it('the queue is the user’s own: another user signed in sends none of it, and a sign-out erases it', async () => {
    reachable = false;
    await sendOrQueue(visitWrite(4, 'start', { position: null }), () => ({}));
    reachable = true;
    signedInAs('rep', ['visits.edit'], 8);
    await flushOutbox();
    expect(sent).toEqual([]);
    logout('signOut');
    await vi.waitFor(async () => expect(await allItems()).toEqual([]));
  });
});

async function allItems() {
  const { default: Dexie } = await import('dexie');
  const db = new Dexie('pharma-outbox');
  db.version(1).stores({ items: '++seq, key, userId, state, subject, [userId+state]', refs: 'local' });
  const items = await db.table('items').toArray();
  db.close();
  return items as { seq: number; state: string; error?: unknown }[];
}
const attentionItems = async () => (await allItems()).filter((i) => i.state === 'attention');
