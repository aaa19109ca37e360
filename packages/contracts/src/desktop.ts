import { z } from 'zod';
import { int64, queryInt32 } from './common/validation.js';
import { roleSchema } from './common/permissions.js';
import { orderStatuses } from './orders.js';

/*
 * The desktop (/desktop): each role's home of figures and work. A rep: today, the month's plan vs fact,
 * coverage, their uncovered organizations. A chief or boss: the team's figures and the exceptions inbox.
 * The operator: the order queue by status. The figures are analytics' (`AnalyticsTotals`, `figuresOf`);
 * the plans are the reps' targets (`rep_targets`), set in Settings → Targets.
 */

/** A rep's targets; null = not set. The monthly sum is tiyin at sale price (orders not cancelled). */
export const repTargetBody = z.object({
  visitsPerDay: z.number().int().min(0).max(100).nullable(),
  coveragePercent: z.number().int().min(0).max(100).nullable(),
  monthlySum: int64(0, 1_000_000_000_000_000).nullable(),
});
export type RepTargetBody = z.infer<typeof repTargetBody>;

export const repTarget = repTargetBody.extend({
  userId: z.number().int(),
  fullName: z.string(),
  role: roleSchema,
  updatedAt: z.string().nullable(),
});
export type RepTarget = z.infer<typeof repTarget>;
export const repTargetList = z.array(repTarget);

/** A plan and its fact; `plan` null when no target is set. */
export const planFact = z.object({ plan: z.number().nullable(), fact: z.number() });
export type PlanFact = z.infer<typeof planFact>;

/** Share of a plan done (fact ÷ plan), null without a plan. */
export const planShare = (p: PlanFact) => (p.plan && p.plan > 0 ? p.fact / p.plan : null);

/** GET /api/desktop/figures: the signed-in user's (a rep) or their team's figures for today and the month. */
export const desktopFigures = z.object({
  today: z.string(),
  month: z.object({ from: z.string(), to: z.string() }),
  /** today's visits: planned (not cancelled) and completed; the plan is the targets' visits per day × reps */
  todayVisits: z.object({ planned: z.number().int(), completed: z.number().int(), plan: z.number().nullable() }),
  /** the month's completed visits against visits per day × working days so far */
  monthVisits: planFact,
  /** the month's order sum (tiyin) against the monthly sum */
  monthSum: planFact,
  /** coverage of the territory this month, percent, against the coverage target */
  coverage: z.object({ total: z.number().int(), covered: z.number().int(), percent: z.number().nullable(), plan: z.number().nullable() }),
  /** the territory's organizations with no completed visit and no order this month (at most 20, the count is all) */
  uncovered: z.object({ count: z.number().int(), items: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() })) }),
  /** per rep of the team (a manager), empty for a rep */
  reps: z.array(
    z.object({
      userId: z.number().int(),
      fullName: z.string(),
      todayCompleted: z.number().int(),
      monthVisits: planFact,
      monthSum: planFact,
      coveragePercent: z.number().nullable(),
      coveragePlan: z.number().nullable(),
    }),
  ),
});
export type DesktopFigures = z.infer<typeof desktopFigures>;

/** What needs a manager's decision now, in the order the inbox lists them. */
export const exceptionKinds = ['questionableVisit', 'creditApproval', 'overdueVisit', 'overdueTask', 'overdueDebt', 'shortDatedStock', 'noVisitToday'] as const;
export type ExceptionKind = (typeof exceptionKinds)[number];

/** Where an item leads: a screen of the web's paths and the record's id (none for a list screen). */
export const exceptionScreens = ['questionableVisits', 'ordersItem', 'organization', 'history', 'shortDated', 'visitsRepresentative', 'tasks'] as const;
export type ExceptionScreen = (typeof exceptionScreens)[number];

export const exceptionItem = z.object({
  kind: z.enum(exceptionKinds),
  /** the record's id: a visit, an order, an organization, a batch, a user, a task */
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** tiyin for orders and debts; units for stock */
  amount: z.number().nullable(),
  /** the date that makes it urgent: planned start, order date, expiry, a task's due time */
  date: z.string().nullable(),
  /** who it is about (the rep), when a person */
  userName: z.string().nullable(),
  link: z.object({ screen: z.enum(exceptionScreens), id: z.number().int().nullable() }),
});
export type ExceptionItem = z.infer<typeof exceptionItem>;

/** The most items of one kind the inbox lists (`count` is all of them). */
export const exceptionItemsLimit = 20;
/** Overdue visits the inbox lists were planned at most this many days ago: older ones are history (the visits list keeps them), not a decision to take now. */
export const overdueVisitDays = 14;
/** Overdue debts the inbox lists are above this, tiyin (1 000 000 sum), unless the query says otherwise. */
export const defaultOverdueDebtThreshold = 100_000_000;

export const exceptionsQuery = z.object({
  /** overdue debt above this, tiyin */
  debtAbove: queryInt32().min(0).optional(),
});

export const exceptionsInbox = z.object({
  debtThreshold: z.number(),
  groups: z.array(z.object({ kind: z.enum(exceptionKinds), count: z.number().int(), items: z.array(exceptionItem) })),
});
export type ExceptionsInbox = z.infer<typeof exceptionsInbox>;

/** GET /api/desktop/order-queue: the operator's open orders by status (count and sum). */
export const orderQueueStatuses = orderStatuses.filter((s) => !['completed', 'cancelled', 'unknown', 'delivered'].includes(s));
export const orderQueue = z.array(z.object({ status: z.enum(orderStatuses), count: z.number().int(), sum: z.number(), oldest: z.string().nullable() }));
export type OrderQueue = z.infer<typeof orderQueue>;

/** Working days of a period for the visits plan: Monday to Saturday (reps work six days). */
export function workingDaysOf(from: string, to: string): number {
  let days = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) if (d.getUTCDay() !== 0) days += 1;
  return days;
}
