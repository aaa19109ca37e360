import type { Dexie, EntityTable } from 'dexie';

/** The phone's queue of writes in IndexedDB (lib/outbox sends it): what a write is and where it stands. */
export type OutboxState = 'waiting' | 'sent' | 'attention';

/** What a queued write is, for the sync log: `sync:kinds.<kind>` and the name of what it is about. */
export interface OutboxLabel {
  kind: string;
  name: string;
}

export interface OutboxItem {
  seq?: number;
  /** the Idempotency-Key, made when the write was */
  key: string;
  userId: number;
  /** the call in the api client: 'visits.visits.start' */
  endpoint: string;
  params?: Record<string, unknown>;
  body?: unknown;
  /** what it changes ('visit:12', 'visit:-3'): writes of one subject are sent in order, a refused one holds back the rest */
  subject: string;
  /** the local id (negative) a creating write stands for until its answer gives the server's */
  creates?: number;
  label: OutboxLabel;
  /** the device's clock when the write was made */
  actedAt: string;
  state: OutboxState;
  attempts: number;
  /** ms since the epoch: not sent again before this (back-off) */
  nextAttemptAt: number;
  sentAt?: string;
  timeoutMs?: number;
  /** the server's reason, for a write that needs attention */
  error?: { code: string; message: string; fields?: Record<string, string> };
}

/** A local id and the server's id its creating write was answered with. */
export interface LocalRef {
  local: number;
  server: number;
}

type OutboxDb = Dexie & {
  items: EntityTable<OutboxItem, 'seq'>;
  refs: EntityTable<LocalRef, 'local'>;
};

let opened: Promise<OutboxDb> | undefined;

/** The queue's database; Dexie's code comes with its first use, not with the first screen (issue 16). */
export function outboxDb(): Promise<OutboxDb> {
  opened ??= import('dexie').then(({ Dexie }) => {
    const db = new Dexie('pharma-outbox') as OutboxDb;
    db.version(1).stores({ items: '++seq, key, userId, state, subject, [userId+state]', refs: 'local' });
    return db;
  });
  return opened;
}

/** Drops the sent writes older than `before` (ISO): the sync log keeps the recent ones. */
export async function dropSentBefore(before: string) {
  const db = await outboxDb();
  await db.items
    .where('state')
    .equals('sent')
    .filter((i) => (i.sentAt ?? '') < before)
    .delete();
}

/** Everything of the queue (a sign-out). */
export async function clearOutboxDb() {
  const db = await outboxDb();
  await db.transaction('rw', db.items, db.refs, async () => {
    await db.items.clear();
    await db.refs.clear();
  });
}
