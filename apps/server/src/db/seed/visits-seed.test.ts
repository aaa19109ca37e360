import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../client.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { seedPlatformDemo } from './demo.js';
import { seedCounterpartiesDemo } from './counterparties.js';
import { seedVisitsDemo } from './visits.js';

let t: TestContext;
let seconds = 0;
beforeAll(async () => {
  t = await createTestApp();
  await seedPlatformDemo(t.db);
  await seedCounterpartiesDemo(t.db);
  const started = Date.now();
  await seedVisitsDemo(t.db, '2026-11-20');
  seconds = (Date.now() - started) / 1000;
}, 180_000);
afterAll(() => t.close());

describe('visits demo data', () => {
  it('seeds a few hundred visits per demo rep in seconds', async () => {
    expect(seconds).toBeLessThan(15);
    const rows = await queryRows<{ reps: number; n: number }>(t.db, sql`select count(distinct representative_id)::int as reps, count(*)::int as n from visits`);
    expect(rows[0]!.reps).toBe(5);
    expect(rows[0]!.n).toBeGreaterThan(5 * 200);
  });
  it('completes past visits with a proof score, plans future ones, and stays in the rep’s territory', async () => {
    const byStatus = await queryRows<{ status: string; n: number; scored: number }>(
      t.db,
      sql`select status, count(*)::int as n, count(proof_score)::int as scored from visits group by status`,
    );
    const s = Object.fromEntries(byStatus.map((r) => [r.status, r]));
    expect(s.completed!.scored).toBe(s.completed!.n);
    expect(s.planned!.n).toBeGreaterThan(0);
    expect(s.cancelled!.n).toBeGreaterThan(0);
    expect(s.overdue!.n).toBeGreaterThan(0);
    const [outside] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visits v join organizations o on o.id = v.organization_id
          where not exists (select 1 from user_territories ut where ut.user_id = v.representative_id and ut.region_id = o.region_id)`,
    );
    expect(outside!.n).toBe(0);
    const [future] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from visits where status <> 'planned' and planned_start > '2026-11-20T19:00:00Z'`);
    expect(future!.n).toBe(0);
  });
});
