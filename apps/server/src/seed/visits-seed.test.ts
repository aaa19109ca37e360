import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { testDriver } from '../test/test-database.js';
import { seedPlatformDemo } from './demo.js';
import { seedStockDemo } from './stock.js';
import { seedCounterpartiesDemo } from './counterparties.js';
import { seedVisitsDemo } from './visits.js';

let t: TestContext;
let seconds = 0;
// 13:00 in Tashkent
const now = new Date('2026-11-20T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  await seedPlatformDemo(t.db);
  await seedStockDemo(t.db, now);
  await seedCounterpartiesDemo(t.db);
  const started = Date.now();
  await seedVisitsDemo(t.db, now);
  seconds = (Date.now() - started) / 1000;
}, 300_000);
afterAll(() => t.close());

const one = async <T>(statement: ReturnType<typeof sql>) => (await queryRows<T>(t.db, statement))[0]!;

describe(`visits demo data (${testDriver})`, () => {
  it('seeds a year of visits of the five demo reps, 12–16 a working day (tens of thousands), in seconds', async () => {
    console.log(`visits demo seed: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(30);
    const s = await one<{ reps: number; n: number; first: string; last: string }>(
      sql`select count(distinct representative_id)::int as reps, count(*)::int as n,
        to_char(min(planned_start) at time zone 'Asia/Tashkent', 'YYYY-MM-DD') as first, to_char(max(planned_start) at time zone 'Asia/Tashkent', 'YYYY-MM-DD') as last from visits`,
    );
    expect(s.reps).toBe(5);
    expect(s.n).toBeGreaterThan(20_000);
    expect(s.first).toBe('2025-11-20');
    expect(s.last).toBe('2026-12-04');
    const perDay = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visits group by representative_id, (planned_start at time zone 'Asia/Tashkent')::date`,
    );
    expect(Math.min(...perDay.map((d) => d.n))).toBeGreaterThanOrEqual(12);
    expect(Math.max(...perDay.map((d) => d.n))).toBeLessThanOrEqual(16);
    const [sundays] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visits where extract(dow from planned_start at time zone 'Asia/Tashkent') = 0`,
    );
    expect(sundays!.n).toBe(0);
  });

  it('completes past visits with a proof score, plans only future ones, and stays in the rep’s territory', async () => {
    const byStatus = await queryRows<{ status: string; n: number; scored: number; reasons: number }>(
      t.db,
      sql`select status, count(*)::int as n, count(proof_score)::int as scored, count(cancel_reason)::int as reasons from visits group by status`,
    );
    const s = Object.fromEntries(byStatus.map((r) => [r.status, r]));
    expect(s.completed!.scored).toBe(s.completed!.n);
    expect(s.completed!.n / (s.completed!.n + s.cancelled!.n + s.overdue!.n)).toBeGreaterThan(0.8);
    expect(s.cancelled!.reasons).toBe(s.cancelled!.n);
    expect(s.overdue!.n).toBeGreaterThan(0);
    expect(s.planned!.n).toBeGreaterThan(5 * 12 * 8);
    const [wrong] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visits where (status = 'planned' and planned_end < ${now.toISOString()}) or (status <> 'planned' and planned_end > ${now.toISOString()})`,
    );
    expect(wrong!.n).toBe(0);
    const [outside] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from visits v join organizations o on o.id = v.organization_id
          where not exists (select 1 from user_territories ut where ut.user_id = v.representative_id and ut.region_id = o.region_id)`,
    );
    expect(outside!.n).toBe(0);
  });

  it("puts a handful of questionable visits in each chief's queue and has older ones accepted or rejected by the chief", async () => {
    const pending = await queryRows<{ chief: string; n: number }>(
      t.db,
      sql`select m.login as chief, count(*)::int as n from visits v join users u on u.id = v.representative_id join users m on m.id = u.manager_id
          where v.review = 'pending' group by m.login order by m.login`,
    );
    expect(pending.map((p) => p.chief)).toEqual(['chief', 'chief.samarkand']);
    for (const p of pending) {
      expect(p.n).toBeGreaterThanOrEqual(2);
      expect(p.n).toBeLessThanOrEqual(25);
    }
    const reviewed = await one<{ accepted: number; rejected: number; byChief: number; total: number; clean: number }>(sql`select
        count(*) filter (where v.review = 'accepted')::int as accepted, count(*) filter (where v.review = 'rejected')::int as rejected,
        count(*) filter (where v.reviewed_by = u.manager_id)::int as "byChief", count(*) filter (where v.review in ('accepted', 'rejected'))::int as total,
        count(*) filter (where v.review is not null and v.proof_score >= 60)::int as clean
      from visits v join users u on u.id = v.representative_id`);
    expect(reviewed.accepted).toBeGreaterThan(reviewed.rejected);
    expect(reviewed.rejected).toBeGreaterThan(0);
    expect(reviewed.byChief).toBe(reviewed.total);
    expect(reviewed.clean).toBe(0);
  });

  it('has doctors met with attitudes, pharmacy remainders that fall between visits, and ratings', async () => {
    const s = await one<{ doctors: number; drugs: number; remainders: number; ratings: number; badStars: number; remaindersAtClinics: number }>(sql`select
      (select count(*)::int from visit_doctors) as doctors, (select count(*)::int from visit_drug_results) as drugs,
      (select count(*)::int from visit_remainders) as remainders, (select count(*)::int from visit_ratings) as ratings,
      (select count(*)::int from visit_ratings where least(efficiency, operator_politeness, delivery_speed, response_time) < 1 or greatest(efficiency, operator_politeness, delivery_speed, response_time) > 5) as "badStars",
      (select count(*)::int from visit_remainders r join visits v on v.id = r.visit_id join organizations o on o.id = v.organization_id where o.type <> 'pharmacy') as "remaindersAtClinics"`);
    expect(s.doctors).toBeGreaterThan(3_000);
    expect(s.drugs).toBeGreaterThan(s.doctors / 2);
    expect(s.remainders).toBeGreaterThan(10_000);
    expect(s.ratings).toBeGreaterThan(1_000);
    expect(s.badStars).toBe(0);
    expect(s.remaindersAtClinics).toBe(0);
    const attitudes = await queryRows<{ attitude: string }>(t.db, sql`select distinct attitude from visit_drug_results order by attitude`);
    expect(attitudes.map((a) => a.attitude)).toEqual(['familiarNotPrescribes', 'familiarPrescribes', 'none', 'notFamiliarNotPrescribes']);
    // consecutive counts of one product at one pharmacy: mostly falling (a positive sell-out)
    const pairs = await one<{ falling: number; suggesting: number; total: number }>(sql`
      with counted as (
        select r.product_id, v.organization_id, r.quantity,
          lag(r.quantity) over (partition by v.organization_id, r.product_id order by v.planned_start, v.id) as before
        from visit_remainders r join visits v on v.id = r.visit_id)
      select count(*) filter (where before > quantity)::int as falling, count(*) filter (where before - quantity > quantity)::int as suggesting, count(*)::int as total
      from counted where before is not null`);
    expect(pairs.falling / pairs.total).toBeGreaterThan(0.6);
    // sold more than is left: the suggested order asks for some (sellOut − current > 0)
    expect(pairs.suggesting / pairs.total).toBeGreaterThan(0.1);
  });
});
