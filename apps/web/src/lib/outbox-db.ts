import Dexie, { type EntityTable } from 'dexie';

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

class OutboxDb extends Dexie {
  items!: EntityTable<OutboxItem, 'seq'>;
  refs!: EntityTable<LocalRef, 'local'>;
  constructor() {
    super('pharma-outbox');
    this.version(1).stores({ items: '++seq, key, userId, state, subject, [userId+state]', refs: 'local' });
  }
}

export const db = new OutboxDb();
