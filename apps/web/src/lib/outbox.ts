import { useSyncExternalStore } from 'react';
import { actedAtHeader, idempotencyHeader, sentAtHeader } from '@pharma/contracts';
import { api, ApiError } from './api-client';
import { askBackgroundSync, onBackgroundSync } from './background-sync';
import { isOnline, subscribeConnection } from './connection';
import { getSession, isSignedIn, onLogout, subscribeSession } from './session';
import { clearOutboxDb, dropSentBefore, outboxDb, type LocalRef, type OutboxItem, type OutboxLabel } from './outbox-db';

export type { OutboxItem, OutboxLabel, OutboxState } from './outbox-db';

/**
 * The phone's queue of writes (issue 16, decision 042). Every write of the field screens is put here
 * first, with its Idempotency-Key and the moment it was made, and sent in order: at once when the
 * server answers, otherwise when the network returns (the browser's online event, the connection
 * regained, the next open of the app, a back-off timer). The queue lives in IndexedDB: it survives a
 * reload and the phone killing the browser. A write the server refuses stays, marked "needs attention",
 * until the user sends it again or drops it; it holds back the later writes of the same subject.
 */

/** Sent writes stay in the sync log this long. */
const sentKeptMs = 3 * 24 * 3_600_000;
const backOffMs = (attempts: number) => Math.min(5 * 60_000, 2_000 * 2 ** Math.min(attempts, 8));

// ---------------------------------------------------------------- the screens' view of the queue

export interface OutboxView {
  items: readonly OutboxItem[];
  waiting: number;
  attention: number;
  /** the last time a write was sent, this session */
  lastSentAt: string | null;
}
let view: OutboxView = { items: [], waiting: 0, attention: 0, lastSentAt: null };
const listeners = new Set<() => void>();
let lastSentAt: string | null = null;

async function refresh() {
  const db = await outboxDb();
  const userId = getSession().user?.id;
  const items = userId === undefined ? [] : await db.items.where('userId').equals(userId).sortBy('seq');
  view = {
    items,
    waiting: items.filter((i) => i.state === 'waiting').length,
    attention: items.filter((i) => i.state === 'attention').length,
    lastSentAt,
  };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) void refresh();
  return () => listeners.delete(listener);
}

/** The signed-in user's queue, live. */
export function useOutbox(): OutboxView {
  return useSyncExternalStore(
    subscribe,
    () => view,
    () => view,
  );
}

// ---------------------------------------------------------------- sending

type Caller = (input: object) => Promise<unknown>;
function callerOf(endpoint: string): Caller {
  let node: unknown = api;
  for (const part of endpoint.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'function') throw new Error(`no such call: ${endpoint}`);
  return node as Caller;
}

/** The server's ids in place of the local ids their creating writes were answered with; null while one is not known yet. */
async function resolved<T>(value: T): Promise<T | null> {
  const db = await outboxDb();
  const locals = new Set<number>();
  JSON.stringify(value, (k, v: unknown) => {
    if (typeof v === 'number' && v < 0 && Number.isInteger(v) && /id$/i.test(k)) locals.add(v);
    return v;
  });
  if (!locals.size) return value;
  const refs = new Map((await db.refs.bulkGet([...locals])).filter((r): r is LocalRef => !!r).map((r) => [r.local, r.server]));
  if (refs.size < locals.size) return null;
  return JSON.parse(JSON.stringify(value), (k, v: unknown) => (typeof v === 'number' && refs.has(v) && /id$/i.test(k) ? refs.get(v) : v)) as T;
}

/** The answers of writes sent in this session, by key: a screen waiting on its own write takes it from here. */
const answers = new Map<string, unknown>();
const sentListeners = new Set<(item: OutboxItem, answer: unknown) => void>();

/** Called with each write the queue sent (a feature updates what it shows). */
export function onOutboxSent(listener: (item: OutboxItem, answer: unknown) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

type Outcome = 'sent' | 'network' | 'later' | 'attention' | 'held';

async function send(item: OutboxItem): Promise<Outcome> {
  const db = await outboxDb();
  const params = await resolved(item.params);
  const body = await resolved(item.body);
  if (params === null || body === null) return 'held';
  try {
    const answer = await callerOf(item.endpoint)({
      ...(params ? { params } : {}),
      ...(body !== undefined ? { body } : {}),
      headers: { [idempotencyHeader]: item.key, [actedAtHeader]: item.actedAt, [sentAtHeader]: new Date().toISOString() },
      ...(item.timeoutMs ? { timeoutMs: item.timeoutMs } : {}),
    });
    const sentAt = new Date().toISOString();
    await db.transaction('rw', db.items, db.refs, async () => {
      await db.items.update(item.seq!, { state: 'sent', sentAt, error: undefined });
      const id = (answer as { id?: unknown } | null)?.id;
      if (item.creates !== undefined && typeof id === 'number') {
        await db.refs.put({ local: item.creates, server: id });
        // the record's later writes are about the server's record now ('visit:-3' → 'visit:41')
        await db.items
          .where('subject')
          .equals(item.subject)
          .modify({ subject: item.subject.replace(`:${item.creates}`, `:${id}`) });
      }
    });
    answers.set(item.key, answer);
    lastSentAt = sentAt;
    for (const listener of sentListeners) listener({ ...item, state: 'sent', sentAt }, answer);
    return 'sent';
  } catch (error) {
    const failure = error instanceof ApiError ? error : null;
    const again = !failure || failure.code === 'NETWORK' || failure.status >= 500 || failure.status === 429 || failure.code === 'REQUEST_IN_PROGRESS';
    if (failure?.status === 401) return 'network'; // signed out: the same user signs in again and the queue goes on
    if (again) {
      const network = !failure || failure.code === 'NETWORK';
      await db.items.update(item.seq!, {
        attempts: item.attempts + 1,
        nextAttemptAt: Date.now() + backOffMs(item.attempts),
        // the server's failure is kept as the last answer; no answer at all is not one
        error: network ? undefined : { code: failure.code, message: failure.message },
      });
      return network ? 'network' : 'later';
    }
    await db.items.update(item.seq!, {
      state: 'attention',
      attempts: item.attempts + 1,
      error: { code: failure.code, message: failure.message, ...(Object.keys(failure.fields).length ? { fields: failure.fields } : {}) },
    });
    return 'attention';
  }
}

let running: Promise<void> | null = null;
let again = false;
let againForced = false;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Sends what waits, in order; one run at a time (a call during a run runs once more after it). The
 * back-off timer's run sends only the writes whose wait is over; any other reason to send (the network
 * is back, the user pressed Send now, a new write) sends everything that waits.
 */
export function flushOutbox(options: { dueOnly?: boolean } = {}): Promise<void> {
  if (running) {
    again = true;
    againForced ||= !options.dueOnly;
    return running;
  }
  running = (async () => {
    try {
      let dueOnly = options.dueOnly ?? false;
      do {
        again = false;
        await runOnce(dueOnly);
        dueOnly = !againForced;
        againForced = false;
      } while (again);
    } finally {
      running = null;
      await refresh();
    }
  })();
  return running;
}

async function runOnce(dueOnly: boolean) {
  const db = await outboxDb();
  const userId = getSession().user?.id;
  if (!isSignedIn() || userId === undefined) return;
  const mine = await db.items.where('userId').equals(userId).sortBy('seq');
  const held = new Set(mine.filter((i) => i.state === 'attention').map((i) => i.subject));
  let sent = 0;
  for (const item of mine) {
    if (item.state !== 'waiting') continue;
    if (held.has(item.subject) || (dueOnly && item.nextAttemptAt > Date.now())) {
      held.add(item.subject);
      continue;
    }
    const outcome = await send(item);
    if (outcome === 'sent') sent += 1;
    else if (outcome === 'network') break;
    else held.add(item.subject);
  }
  await pruneSent();
  const left = await db.items.where({ userId, state: 'waiting' }).toArray();
  if (sent > 0 && left.length === 0) for (const listener of drainedListeners) listener();
  schedule(left);
}

/** The next try of writes that wait for their back-off. */
function schedule(left: readonly OutboxItem[]) {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!left.length) return;
  const next = Math.min(...left.map((i) => i.nextAttemptAt));
  timer = setTimeout(() => void flushOutbox({ dueOnly: true }), Math.max(1_000, next - Date.now()));
}

const pruneSent = () => dropSentBefore(new Date(Date.now() - sentKeptMs).toISOString());

const drainedListeners = new Set<() => void>();
/** Called when the queue has sent everything that waited (the app reloads what it shows from the server). */
export function onOutboxDrained(listener: () => void): () => void {
  drainedListeners.add(listener);
  return () => drainedListeners.delete(listener);
}

// ---------------------------------------------------------------- writing through the queue

export interface QueuedWrite {
  endpoint: string;
  params?: Record<string, unknown>;
  body?: unknown;
  subject: string;
  creates?: number;
  label: OutboxLabel;
  /** the moment of the action (default now): a visit's start is when the rep pressed it */
  actedAt?: string;
  /** the Idempotency-Key when the caller keeps its own (an order's draft) */
  key?: string;
  /** how long to wait for the answer (a photo: longer) */
  timeoutMs?: number;
}

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A local id for a record made on the phone before the server has it (negative: never a server's id). */
export const localId = () => -(Date.now() * 1000 + Math.floor(Math.random() * 1000));

/**
 * A write of a field screen: queued, then sent at once when the server can be reached. Answers the
 * server's answer; when it cannot be sent now, the local one (`local()`, what the screen shows until the
 * server has it) and `queued: true`. A refusal sent at once is thrown as it always was (the screen shows
 * it where it was made) and leaves nothing in the queue.
 */
export async function sendOrQueue<T>(write: QueuedWrite, local: () => T): Promise<{ answer: T; queued: boolean }> {
  const db = await outboxDb();
  const userId = getSession().user?.id;
  if (userId === undefined) throw new ApiError(401, { code: 'UNAUTHENTICATED', message: '' });
  const item: OutboxItem = {
    key: write.key ?? newKey(),
    userId,
    endpoint: write.endpoint,
    params: write.params,
    body: write.body,
    subject: write.subject,
    creates: write.creates,
    label: write.label,
    ...(write.timeoutMs ? { timeoutMs: write.timeoutMs } : {}),
    actedAt: write.actedAt ?? new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
  };
  const seq = await db.items.add(item);
  await refresh();
  if (isOnline()) await flushOutbox();
  else void refresh();
  const after = await db.items.get(seq);
  if (after?.state === 'sent' && answers.has(item.key)) {
    const answer = answers.get(item.key) as T;
    answers.delete(item.key);
    return { answer, queued: false };
  }
  if (after && after.state !== 'sent' && after.error) {
    // refused (or failed on the server's side) at once: the screen shows it where the user made it, with its
    // Retry; nothing stays queued. Only a write that got no answer waits in the queue.
    await db.items.delete(seq);
    await refresh();
    throw new ApiError(0, { code: after.error.code as ApiError['code'], message: after.error.message, fields: after.error.fields });
  }
  void askBackgroundSync();
  return { answer: local(), queued: true };
}

/** One write of a domain's queued writes: what it is about and what it changes (the rest of `QueuedWrite`). */
export type DomainWrite = Omit<QueuedWrite, 'endpoint' | 'label'> & { name: string };

/**
 * The one way a domain writes through the queue (issue 16): its kinds of writes and the api calls they
 * make (`visits.visits` + `start`), a label for the sync log from the kind and the record's `name`. Each
 * write answers the server's answer, or `local()` and `queued: true` when it waits on the phone.
 */
export function queuedWrites<K extends string>(base: string, calls: Record<K, string>, timeouts: Partial<Record<K, number>> = {}) {
  return <T>(kind: K, { name, ...write }: DomainWrite, local: () => T): Promise<{ answer: T; queued: boolean }> => {
    const timeoutMs = write.timeoutMs ?? timeouts[kind];
    return sendOrQueue<T>({ ...write, endpoint: `${base}.${calls[kind]}`, label: { kind, name }, ...(timeoutMs ? { timeoutMs } : {}) }, local);
  };
}

/** Sends a write that needs attention again, as it is or with a changed body (a new key: it is another request). */
export async function retryOutboxItem(seq: number, body?: unknown) {
  const db = await outboxDb();
  await db.items.update(seq, {
    state: 'waiting',
    nextAttemptAt: 0,
    error: undefined,
    ...(body === undefined ? {} : { body, key: newKey() }),
  });
  await flushOutbox();
  if ((await db.items.get(seq))?.state === 'waiting') void askBackgroundSync();
}

/** Drops a write that will not be sent (the user decided); the later writes of its subject go on. */
export async function dropOutboxItem(seq: number) {
  const db = await outboxDb();
  await db.items.delete(seq);
  await flushOutbox();
}

/** Drops every write of a subject not sent yet (a visit planned again: what was made for the cancelled one). */
export async function dropOutboxSubject(subject: string) {
  const db = await outboxDb();
  await db.items
    .where('subject')
    .equals(subject)
    .filter((i) => i.state !== 'sent')
    .delete();
  await flushOutbox();
}

/** The server's id of a local one, once its creating write was answered. */
export async function serverIdOf(local: number): Promise<number | null> {
  const db = await outboxDb();
  return (await db.refs.get(local))?.server ?? null;
}

/** Everything of the queue: a sign-out erases the user's pending work with the rest of their data. */
export async function eraseOutbox() {
  await clearOutboxDb();
  answers.clear();
  await refresh();
}

// ---------------------------------------------------------------- when to send

/** What still waits for the network (a write held back by one that needs attention does not). */
async function waitingForNetwork(): Promise<number> {
  const db = await outboxDb();
  const userId = getSession().user?.id;
  const mine = userId === undefined ? [] : await db.items.where('userId').equals(userId).toArray();
  const held = new Set(mine.filter((i) => i.state === 'attention').map((i) => i.subject));
  return mine.filter((i) => i.state === 'waiting' && !held.has(i.subject)).length;
}

if (typeof window !== 'undefined') {
  // the network is back, the server answers again, a user signed in, the app opened: send what waits
  window.addEventListener('online', () => void flushOutbox());
  let wasOnline = isOnline();
  subscribeConnection(() => {
    const now = isOnline();
    if (now && !wasOnline) void flushOutbox();
    wasOnline = now;
  });
  let user = getSession().user?.id;
  subscribeSession(() => {
    const next = getSession().user?.id;
    if (next !== user) {
      user = next;
      void refresh().then(() => flushOutbox());
    }
  });
  onLogout((reason) => {
    if (reason === 'signOut') void eraseOutbox();
  });
  // Background Sync (decision 045): the service worker wakes this page when the network is back
  onBackgroundSync(async () => {
    await flushOutbox();
    return waitingForNetwork();
  });
  void flushOutbox();
}
