import { and, eq, gte, ne, sql } from 'drizzle-orm';
import {
  addDays,
  businessDate,
  defaultOverdueDebtThreshold,
  exceptionItemsLimit,
  hasPermission,
  overdueVisitDays,
  periodOf,
  type ExceptionItem,
  type ExceptionKind,
  type ExceptionsInbox,
} from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';
import { dayStart } from '../../platform/sql.js';
import { visits } from '../visits/visits.table.js';
import { users } from '../users/users.table.js';
import { questionableVisits } from '../visits/visit-results.service.js';
import { pageOfSummaries, visitScope } from '../visits/visits.service.js';
import { listOrders } from '../orders/orders.service.js';
import { orderCredit } from '../orders/credit.js';
import { debtOf } from '../orders/payments.service.js';
import { organizationScope } from '../organizations/organizations.service.js';
import { listShortDated } from '../stock/stock.service.js';
import { overdueTasksOfOthers } from '../tasks/tasks.service.js';
import { repsInScope } from './targets.service.js';

type Group = ExceptionsInbox['groups'][number];
const first = { page: 1, size: 25 } as const;
/** Organizations whose debt is read (`debtOf`) to find the overdue ones: the largest owed first. */
const debtCandidates = 100;

/**
 * GET /api/desktop/exceptions: one queue of what needs a manager's decision now, each kind read through
 * the service that owns it (the visits' questionable queue, the orders' credit check and debt, the stock's
 * short-dated list), in the actor's scope and never about the actor's own work. A kind the actor has no
 * right to act on is left out.
 */
export async function exceptionsInbox(db: Db, actor: Actor, debtAbove = defaultOverdueDebtThreshold, now = new Date()): Promise<ExceptionsInbox> {
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(actor.grants, p);
  const kinds: [ExceptionKind, boolean, () => Promise<Group>][] = [
    ['questionableVisit', can('visits.edit'), () => questionable(db, actor)],
    ['creditApproval', can('orders.view'), () => creditApprovals(db, actor, now)],
    ['overdueVisit', can('visits.view'), () => overdueVisits(db, actor, now)],
    ['overdueTask', can('tasks.view'), () => overdueTasks(db, actor, now)],
    ['overdueDebt', can('orders.view'), () => overdueDebts(db, actor, debtAbove, now)],
    ['shortDatedStock', can('stock.view'), () => shortDated(db, actor, now)],
    ['noVisitToday', can('visits.view'), () => noVisitToday(db, actor, now)],
  ];
  const groups: Group[] = [];
  // one after another: the debt and credit checks read per organization
  for (const [, allowed, read] of kinds) if (allowed && actor.scope !== 'own') groups.push(await read());
  return { debtThreshold: debtAbove, groups };
}

const item = (i: Omit<ExceptionItem, 'amount' | 'date' | 'userName' | 'subtitle'> & Partial<ExceptionItem>): ExceptionItem => ({
  subtitle: null,
  amount: null,
  date: null,
  userName: null,
  ...i,
});

async function questionable(db: Db, actor: Actor): Promise<Group> {
  const page = await questionableVisits(db, actor, { ...first, review: 'pending' });
  return {
    kind: 'questionableVisit',
    count: page.total,
    items: page.items.slice(0, exceptionItemsLimit).map((v) =>
      item({
        kind: 'questionableVisit',
        id: v.id,
        title: v.organizationName,
        subtitle: v.proofScore === null ? null : String(v.proofScore),
        date: v.completedAt ?? v.plannedStart,
        userName: v.representativeName,
        link: { screen: 'questionableVisits', id: v.id },
      }),
    ),
  };
}

/** Orders under agreement (the manager's and the desk's approval for shipment), each with what its credit check meets. */
async function creditApprovals(db: Db, actor: Actor, now: Date): Promise<Group> {
  const page = await listOrders(db, actor, { ...first, status: 'under_agreement', sort: 'date' });
  const items: ExceptionItem[] = [];
  for (const o of page.items.slice(0, exceptionItemsLimit)) {
    const credit = await orderCredit(db, o, now);
    items.push(
      item({
        kind: 'creditApproval',
        id: o.id,
        title: `№ ${o.number} · ${o.organizationName}`,
        subtitle: credit.ok ? null : credit.reasons.join(','),
        amount: o.sumSale,
        date: o.date,
        userName: o.agentName,
        link: { screen: 'ordersItem', id: o.id },
      }),
    );
  }
  return { kind: 'creditApproval', count: page.total, items };
}

/** Open tasks of the team past their due time, the longest overdue first. */
async function overdueTasks(db: Db, actor: Actor, now: Date): Promise<Group> {
  const { items, total } = await overdueTasksOfOthers(db, actor, exceptionItemsLimit, now);
  return {
    kind: 'overdueTask',
    count: total,
    items: items.map((task) =>
      item({
        kind: 'overdueTask',
        id: task.id,
        title: task.title,
        subtitle: task.organizationName,
        date: task.dueAt,
        userName: task.assigneeName,
        link: { screen: 'tasks', id: task.id },
      }),
    ),
  };
}

/** Visits of the last `overdueVisitDays` days that became overdue, the latest first. */
async function overdueVisits(db: Db, actor: Actor, now: Date): Promise<Group> {
  const since = dayStart(addDays(businessDate(now), -overdueVisitDays));
  const page = await pageOfSummaries(
    db,
    and(visitScope(actor), ne(visits.representativeId, actor.id), eq(visits.status, 'overdue'), gte(visits.plannedStart, since)),
    first,
    true,
  );
  return {
    kind: 'overdueVisit',
    count: page.total,
    items: page.items.slice(0, exceptionItemsLimit).map((v) =>
      item({
        kind: 'overdueVisit',
        id: v.id,
        title: v.organizationName,
        date: v.plannedStart,
        userName: v.representativeName,
        link: { screen: 'history', id: v.organizationId },
      }),
    ),
  };
}

/**
 * Organizations of the actor's territory whose overdue debt (`debtOf`, the orders' ageing) is above the
 * threshold. The candidates are those owing more than it on delivered orders (overdue ≤ owed), the
 * largest first, at most `debtCandidates` of them.
 */
async function overdueDebts(db: Db, actor: Actor, above: number, now: Date): Promise<Group> {
  const candidates = await queryRows<{ id: number; name: string }>(
    db,
    sql`select o.id, o.name from organizations o join orders r on r.organization_id = o.id
      where r.status = 'delivered' and r.sum_sale > r.paid and ${organizationScope(actor, sql`o.district_id`) ?? sql`true`}
      group by o.id, o.name having sum(r.sum_sale - r.paid) > ${above} order by sum(r.sum_sale - r.paid) desc, o.id limit ${debtCandidates}`,
  );
  const overdue: ExceptionItem[] = [];
  for (const c of candidates) {
    const debt = await debtOf(db, Number(c.id), now);
    if (debt.overdue > above)
      overdue.push(
        item({
          kind: 'overdueDebt',
          id: Number(c.id),
          title: c.name,
          subtitle: String(debt.oldestDays),
          amount: debt.overdue,
          link: { screen: 'organization', id: Number(c.id) },
        }),
      );
  }
  overdue.sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0));
  return { kind: 'overdueDebt', count: overdue.length, items: overdue.slice(0, exceptionItemsLimit) };
}

/** Short-dated free stock (the stock module's list and setting) of the products the team sold in the last three months. */
async function shortDated(db: Db, actor: Actor, now: Date): Promise<Group> {
  const since = periodOf('month', addDays(periodOf('month', businessDate(now)).from, -62)).from;
  const sold = inScope(actor, sql`s.agent_id`);
  const products = sold ? sql`select s.product_id from stat_sales s where s.month >= ${since} and ${sold}` : undefined;
  const page = await listShortDated(db, { ...first }, now, products);
  return {
    kind: 'shortDatedStock',
    count: page.total,
    items: page.items.slice(0, exceptionItemsLimit).map((b) =>
      item({
        kind: 'shortDatedStock',
        id: b.id,
        title: b.productName,
        subtitle: `${b.warehouseName} · ${b.series}`,
        amount: b.free,
        date: b.expiryDate,
        link: { screen: 'shortDated', id: null },
      }),
    ),
  };
}

/** Reps of the scope with no visit today that is not cancelled. */
async function noVisitToday(db: Db, actor: Actor, now: Date): Promise<Group> {
  const today = businessDate(now);
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(
      and(
        repsInScope(actor),
        sql`not exists (select 1 from visits v where v.representative_id = ${users.id} and v.status <> 'cancelled'
          and v.planned_start >= ${dayStart(today).toISOString()} and v.planned_start < ${dayStart(addDays(today, 1)).toISOString()})`,
      ),
    )
    .orderBy(users.fullName, users.id);
  return {
    kind: 'noVisitToday',
    count: rows.length,
    items: rows
      .slice(0, exceptionItemsLimit)
      .map((u) =>
        item({ kind: 'noVisitToday', id: u.id, title: u.fullName, date: today, userName: u.fullName, link: { screen: 'visitsRepresentative', id: u.id } }),
      ),
  };
}
