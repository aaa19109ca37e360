import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
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
    return (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from departments`))[0]!.n;
  };
  return { runs, compute };
}

describe(`answers kept while the database does not change (${testDriver})`, () => {
  it('answers anew after a commit: the snapshot moved', async () => {
    const cache = answerCache(database.db);
    const { runs, compute } = counted();
    const first = await cache.answer('departments', compute);
    await database.db.insert(departments).values({ name: 'Kept answers' });
    expect(await cache.answer('departments', compute)).toBe(first + 1);
    expect(runs.count).toBe(2);
  });

  // PostgreSQL's snapshot is the whole server's: the other test files' commits move it at any moment
  it.runIf(testDriver === 'pglite')('answers from the first computation while nothing was committed', async () => {
    const cache = answerCache(database.db);
    const { runs, compute } = counted();
    const first = await cache.answer('departments', compute);
    await queryRows(database.db, sql`select count(*) from departments`);
    expect(await cache.answer('departments', compute)).toBe(first);
    expect(runs.count).toBe(1);
  });
});

describe('kept answers under one snapshot', () => {
  /** The snapshot as the test sets it. */
  const snapshots = () => {
    const state = { current: '1:1:' };
    return { state, snapshot: () => Promise.resolve(state.current) };
  };

  it('answers a repeated question from the first computation until the snapshot moves', async () => {
    const { state, snapshot } = snapshots();
    const cache = answerCache(database.db, { snapshot });
    let runs = 0;
    const compute = () => Promise.resolve(++runs);
    expect([await cache.answer('q', compute), await cache.answer('q', compute)]).toEqual([1, 1]);
    state.current = '1:2:';
    expect(await cache.answer('q', compute)).toBe(2);
  });

  it('computes once for questions asked at the same moment, and separately per key', async () => {
    const cache = answerCache(database.db, snapshots());
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return runs;
    };
    const answers = await Promise.all([cache.answer('a', compute), cache.answer('a', compute), cache.answer('a', compute), cache.answer('b', compute)]);
    expect(new Set(answers.slice(0, 3)).size).toBe(1);
    expect(runs).toBe(2);
  });

  it('does not keep a failure: the next question computes again', async () => {
    const cache = answerCache(database.db, snapshots());
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
    const cache = answerCache(database.db, { ...snapshots(), max: 2, maxAgeMs: 1_000, now: () => clock });
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
