import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { openTestDatabase, testDriver } from '../test/test-database.js';
import { seedPlatformDemo } from './demo.js';
import { seedTestingDemo } from './testing.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedPlatformDemo(database.db);
  await seedTestingDemo(database.db);
}, 120_000);
afterAll(() => database.close());

describe(`demo testing (${testDriver})`, () => {
  it('three tests of ten questions drawn from banks of eleven, assigned to reps', async () => {
    const rows = await queryRows<{ drawn: number; bank: number; roles: string[] }>(
      database.db,
      sql`select t.question_count as drawn, (select count(*)::int from questions q join test_banks tb on tb.bank_id = q.bank_id where tb.test_id = t.id) as bank, t.roles from tests t order by t.id`,
    );
    expect(rows).toEqual(Array.from({ length: 3 }, () => ({ drawn: 10, bank: 11, roles: ['rep'] })));
  });

  it('the demo reps but "rep" have finished attempts, passed and failed, scored as the server scores', async () => {
    const rows = await queryRows<{ login: string; attempts: number; passed: number; mismatched: number }>(
      database.db,
      sql`select u.login, count(*)::int as attempts, count(*) filter (where a.passed)::int as passed,
            count(*) filter (where abs(a.score - (select round((avg(x.credit) * 100)::numeric, 1) from test_answers x where x.attempt_id = a.id)) > 0.05)::int as mismatched
          from test_attempts a join users u on u.id = a.user_id group by u.login order by u.login`,
    );
    expect(rows.map((r) => r.login)).not.toContain('rep');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.attempts === 2 && r.mismatched === 0)).toBe(true);
    const passed = rows.reduce((n, r) => n + r.passed, 0);
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThan(rows.length * 2);
  });
});
