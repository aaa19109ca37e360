import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * The aggregates statistics, reports and the coverage map read (issue 15): sums that add up across rows
 * and days, kept by database triggers in the same statement as the change of a visit, an order, a
 * position or an organization (migration 0023_analytics_triggers.sql), whatever code path writes it.
 * A row that a change brought back to zero stays (harmless: every figure is a sum). No foreign keys:
 * a figure outlives the record's later edits. Days are Tashkent calendar days.
 */

const visitSums = () => ({
  day: date('day').notNull(),
  representativeId: integer('representative_id').notNull(),
  districtId: integer('district_id').notNull(),
  organizationType: text('organization_type').notNull(),
  organizationSize: text('organization_size').notNull(),
  planned: integer('planned').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  overdue: integer('overdue').notNull().default(0),
  questionable: integer('questionable').notNull().default(0),
  /** seconds between start and completion, summed over completed visits that have both */
  visitSeconds: bigint('visit_seconds', { mode: 'number' }).notNull().default(0),
  timedVisits: integer('timed_visits').notNull().default(0),
});

/** Visits by planned day, representative and the organization's district, type and size ('' = not set). */
export const statVisits = pgTable('stat_visits', visitSums(), (t) => [
  primaryKey({ columns: [t.day, t.representativeId, t.districtId, t.organizationType, t.organizationSize] }),
  index('stat_visits_rep_day_idx').on(t.representativeId, t.day),
]);

/** The same by month (`day` is the month's first day): a year reads twelve months, not 365 days. */
export const statVisitsMonthly = pgTable('stat_visits_monthly', visitSums(), (t) => [
  primaryKey({ columns: [t.day, t.representativeId, t.districtId, t.organizationType, t.organizationSize] }),
  index('stat_visits_monthly_rep_day_idx').on(t.representativeId, t.day),
]);

/**
 * A representative's working days: per (day, representative), how many `stat_visits` rows hold a visit that
 * was not cancelled (kept by a trigger on stat_visits). A day counts once however many organizations it
 * touched, so "visits per rep per working day" reads one row per rep and day, not a distinct over all visits.
 */
export const statRepDays = pgTable(
  'stat_rep_days',
  {
    day: date('day').notNull(),
    representativeId: integer('representative_id').notNull(),
    activeRows: integer('active_rows').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.representativeId] }), index('stat_rep_days_rep_day_idx').on(t.representativeId, t.day)],
);

const orderSums = () => ({
  day: date('day').notNull(),
  agentId: integer('agent_id').notNull(),
  districtId: integer('district_id').notNull(),
  organizationType: text('organization_type').notNull(),
  organizationSize: text('organization_size').notNull(),
  clientType: text('client_type').notNull(),
  status: text('status').notNull(),
  orders: integer('orders').notNull().default(0),
  sumSale: bigint('sum_sale', { mode: 'number' }).notNull().default(0),
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  /** orderOwed (contracts) summed: max(0, sum − paid) per order, 0 for a cancelled one */
  owed: bigint('owed', { mode: 'number' }).notNull().default(0),
  /** what came back from the order's delivery (delivery_returns: quantity × unit sale price), whatever the order's status */
  returned: bigint('returned', { mode: 'number' }).notNull().default(0),
});

/** Orders by date, agent, the organization's district, type and size, client type and status (money in tiyin). */
export const statOrders = pgTable('stat_orders', orderSums(), (t) => [
  primaryKey({ columns: [t.day, t.agentId, t.districtId, t.organizationType, t.organizationSize, t.clientType, t.status] }),
  index('stat_orders_agent_day_idx').on(t.agentId, t.day),
]);

/** The same by month (`day` is the month's first day). */
export const statOrdersMonthly = pgTable('stat_orders_monthly', orderSums(), (t) => [
  primaryKey({ columns: [t.day, t.agentId, t.districtId, t.organizationType, t.organizationSize, t.clientType, t.status] }),
  index('stat_orders_monthly_agent_day_idx').on(t.agentId, t.day),
]);

const coverageSums = () => ({
  day: date('day').notNull(),
  organizationId: integer('organization_id').notNull(),
  userId: integer('user_id').notNull(),
  visits: integer('visits').notNull().default(0),
  orders: integer('orders').notNull().default(0),
});

/** Who covered an organization on a day: completed visits and orders (not cancelled) by representative or agent. */
export const statCoverage = pgTable('stat_coverage', coverageSums(), (t) => [
  primaryKey({ columns: [t.day, t.organizationId, t.userId] }),
  index('stat_coverage_user_day_idx').on(t.userId, t.day),
]);

/** The same by month (`day` is the month's first day). */
export const statCoverageMonthly = pgTable('stat_coverage_monthly', coverageSums(), (t) => [
  primaryKey({ columns: [t.day, t.organizationId, t.userId] }),
  index('stat_coverage_monthly_user_day_idx').on(t.userId, t.day),
]);

/** Sales of a product to an organization in a month (its first day) by agent and client type; cancelled orders count nothing. */
export const statSales = pgTable(
  'stat_sales',
  {
    month: date('month').notNull(),
    productId: integer('product_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    agentId: integer('agent_id').notNull(),
    clientType: text('client_type').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    sumSale: bigint('sum_sale', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.productId, t.organizationId, t.agentId, t.clientType] }),
    index('stat_sales_agent_month_idx').on(t.agentId, t.month),
    index('stat_sales_organization_month_idx').on(t.organizationId, t.month),
  ],
);
