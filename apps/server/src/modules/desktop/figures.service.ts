import { and, asc, sql } from 'drizzle-orm';
import { businessDate, emptyTotals, periodOf, workingDaysOf, type AnalyticsTotals, type DesktopFigures, type RepTarget } from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';
import { users } from '../users/users.table.js';
import { statSource, territoryOf, totalsBy } from '../analytics/totals.service.js';
import { repsInScope, targetsOf } from './targets.service.js';

const uncoveredLimit = 20;

const percentOf = (t: AnalyticsTotals) => (t.organizationsTotal > 0 ? (100 * t.organizationsCovered) / t.organizationsTotal : null);
/** The sum of the targets set, null when none is. */
const sumOf = (values: (number | null)[]) => (values.some((v) => v !== null) ? values.reduce<number>((s, v) => s + (v ?? 0), 0) : null);
const meanOf = (values: (number | null)[]) => {
  const set = values.filter((v): v is number => v !== null);
  return set.length ? set.reduce((s, v) => s + v, 0) / set.length : null;
};

/**
 * GET /api/desktop/figures: today and the month of the signed-in rep (own scope) or of the reps of a
 * manager's scope, read from analytics (`totalsBy`) and set against the reps' targets.
 */
export async function desktopFigures(db: Db, actor: Actor, now = new Date()): Promise<DesktopFigures> {
  const today = businessDate(now);
  const month = periodOf('month', today);
  const workingDays = workingDaysOf(month.from, month.to);
  const reps =
    actor.scope === 'own'
      ? [{ id: actor.id, fullName: actor.fullName }]
      : await db.select({ id: users.id, fullName: users.fullName }).from(users).where(repsInScope(actor)).orderBy(asc(users.fullName), asc(users.id));
  const [targets, monthAll, todayAll, monthByRep, todayByRep, uncovered] = await Promise.all([
    targetsOf(
      db,
      reps.map((r) => r.id),
    ),
    totalsBy(db, actor, { ...month }, null),
    totalsBy(db, actor, { from: today, to: today }, null),
    actor.scope === 'own' ? Promise.resolve(new Map<string, AnalyticsTotals>()) : totalsBy(db, actor, { ...month }, 'representative'),
    actor.scope === 'own' ? Promise.resolve(new Map<string, AnalyticsTotals>()) : totalsBy(db, actor, { from: today, to: today }, 'representative'),
    uncoveredOrganizations(db, actor, month),
  ]);
  const targetList = reps.map((r) => targets.get(r.id)).filter((t): t is RepTarget => !!t);
  const m = monthAll.get('all') ?? emptyTotals();
  const d = todayAll.get('all') ?? emptyTotals();
  const perDay = sumOf(targetList.map((t) => t.visitsPerDay));
  return {
    today,
    month,
    todayVisits: { planned: d.visitsPlanned - d.visitsCancelled, completed: d.visitsCompleted, plan: perDay },
    monthVisits: { plan: perDay === null ? null : perDay * workingDays, fact: m.visitsCompleted },
    monthSum: { plan: sumOf(targetList.map((t) => t.monthlySum)), fact: m.ordersSum },
    coverage: { total: m.organizationsTotal, covered: m.organizationsCovered, percent: percentOf(m), plan: meanOf(targetList.map((t) => t.coveragePercent)) },
    uncovered,
    reps:
      actor.scope === 'own'
        ? []
        : reps.map((r) => {
            const t = targets.get(r.id);
            const rm = monthByRep.get(String(r.id)) ?? emptyTotals();
            const rd = todayByRep.get(String(r.id)) ?? emptyTotals();
            return {
              userId: r.id,
              fullName: r.fullName,
              todayCompleted: rd.visitsCompleted,
              monthVisits: { plan: t?.visitsPerDay == null ? null : t.visitsPerDay * workingDays, fact: rm.visitsCompleted },
              monthSum: { plan: t?.monthlySum ?? null, fact: rm.ordersSum },
              coveragePercent: percentOf(rm),
              coveragePlan: t?.coveragePercent ?? null,
            };
          }),
  };
}

/** The territory's organizations with neither a completed visit nor an order (by anybody in scope) this month: coverage's complement. */
async function uncoveredOrganizations(db: Db, actor: Actor, month: { from: string; to: string }): Promise<DesktopFigures['uncovered']> {
  const where = and(
    territoryOf(actor, month),
    sql`not exists (select 1 from ${statSource('stat_coverage', month)} c where c.organization_id = o.id and c.day between ${month.from} and ${month.to}
      and (c.visits > 0 or c.orders > 0) and ${inScope(actor, sql`c.user_id`) ?? sql`true`})`,
  )!;
  const [items, [count]] = await Promise.all([
    queryRows<{ id: number; name: string; address: string | null }>(
      db,
      sql`select o.id, o.name, o.address from organizations o where ${where} order by o.name, o.id limit ${uncoveredLimit}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*) n from organizations o where ${where}`),
  ]);
  return { count: Number(count?.n ?? 0), items: items.map((i) => ({ ...i, id: Number(i.id) })) };
}
