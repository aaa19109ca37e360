import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { openTestDatabase, testDriver } from '../test/test-database.js';
import { departments } from '../modules/org-units/org-units.table.js';
import { answerCache } from './answer-cache.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A computation that counts its runs and answers the departments' count as the database holds it. */
function counted() {
  const runs = { count: 0 };
  const compute = async () => {
    runs.count += 1;
    const result = (await database.db.execute(sql`select count(*)::int as n from departments`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  return { runs, compute };
}

describe(`answers kept while the database does not change (${testDriver})`, () => {
  it('answers a repeated question from the first computation, and again after a commit', async () => {
    const cache = answerCache(database.db);
    const { runs, compute } = counted();
    const first = await cache.answer('departments', compute);
    expect(await cache.answer('departments', compute)).toBe(first);
    expect(runs.count).toBe(1);
    await database.db.insert(departments).values({ name: 'Kept answers' });
    expect(await cache.answer('departments', compute)).toBe(first + 1);
    expect(runs.count).toBe(2);
  });

  it('computes once for questions asked at the same moment, and separately per key', async () => {
    const cache = answerCache(database.db);
    const { runs, compute } = counted();
    const answers = await Promise.all([cache.answer('a', compute), cache.answer('a', compute), cache.answer('a', compute), cache.answer('b', compute)]);
    expect(new Set(answers.slice(0, 3)).size).toBe(1);
    expect(runs.count).toBe(2);
  });

  it('does not keep a failure: the next question computes again', async () => {
    const cache = answerCache(database.db);
    let calls = 0;
    const failingOnce = async () => {
      calls += 1;
      if (calls === 1) throw new Error('the database went away');
      return 'answer';
    };
    await expect(cache.answer('x', failingOnce)).rejects.toThrow('the database went away');
    expect(await cache.answer('x', failingOnce)).toBe('answer');
    expect(calls).toBe(2);
  });

  it('keeps at most `max` answers, dropping the least recently used, and none older than maxAgeMs', async () => {
    let clock = 0;
    const cache = answerCache(database.db, { max: 2, maxAgeMs: 1_000, now: () => clock });
    const runs: string[] = [];
    const of = (key: string) => () => {
      runs.push(key);
      return Promise.resolve(key);
    };
    await cache.answer('a', of('a'));
    await cache.answer('b', of('b'));
    await cache.answer('a', of('a')); // a is now the most recent
    await cache.answer('c', of('c')); // drops b
    await cache.answer('a', of('a'));
    await cache.answer('b', of('b'));
    expect(runs).toEqual(['a', 'b', 'c', 'b']);
    clock = 1_000;
    await cache.answer('b', of('b'));
    expect(runs).toEqual(['a', 'b', 'c', 'b', 'b']);
  });
});
