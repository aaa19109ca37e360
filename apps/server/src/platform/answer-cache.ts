import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { queryRows, type Db } from '../db/client.js';

/**
 * Answers of costly read-only requests (statistics, reports) kept while the database has not changed
 * (decision 039). "Not changed" is exact, not a guess or a timer: the answer is filed under the
 * database's snapshot (`pg_current_snapshot()`: the transactions committed and in progress), which
 * moves with every commit that wrote anything — a visit, an order, a renamed region, a new territory.
 * The same question under the same snapshot has the same answer; a question asked while it is being
 * computed waits for that computation instead of starting another.
 */
export interface AnswerCache {
  answer<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/** The database's snapshot as text. PostgreSQL's is the cluster's: a commit in another database on the server moves it too (a miss, never a stale answer). */
const snapshotOf = (db: Db) => async () => (await queryRows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`))[0]!.snapshot;

export function answerCache(db: Db, options: { max?: number; maxAgeMs?: number; now?: () => number; snapshot?: () => Promise<string> } = {}): AnswerCache {
  const { max = 100, maxAgeMs = 10 * 60_000, now = Date.now, snapshot: current = snapshotOf(db) } = options;
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  let snapshot = '';
  return {
    async answer<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const seen = await current();
      // answers of an older snapshot are never asked for again
      if (seen !== snapshot) {
        snapshot = seen;
        entries.clear();
      }
      const kept = entries.get(key);
      if (kept && now() - kept.at < maxAgeMs) {
        // the most recently used last: the first is the one to drop
        entries.delete(key);
        entries.set(key, kept);
        return kept.value as Promise<T>;
      }
      const entry = { at: now(), value: compute() };
      entries.set(key, entry);
      // a failure is not an answer: the next ask tries again
      entry.value.catch(() => entries.get(key) === entry && entries.delete(key));
      while (entries.size > max) entries.delete(entries.keys().next().value!);
      return entry.value;
    },
  };
}

const written = new WeakMap<object, string>();

/**
 * Sends a kept answer as the JSON it was written to the first time it was sent — encoded by the
 * endpoint's answer schema, as the serializer would — not once per request (a year's monthly sales is
 * 1.6 MB of JSON: 20 ms a time).
 */
export function sendKept(reply: FastifyReply, schema: z.ZodType, answer: object): FastifyReply {
  let json = written.get(answer);
  if (json === undefined) {
    json = JSON.stringify(z.encode(schema, answer));
    written.set(answer, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
