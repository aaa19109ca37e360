import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, toOrderStatus, type OrderHistoryEntry, type Paged, type orderHistoryQuery } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';
import { offsetOf } from '../../platform/paging.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import { organizations } from '../organizations/organizations.table.js';
import { users } from '../users/users.table.js';
import { orders, orderStatusHistory } from './orders.table.js';
import { formatOrderNumber } from './orders.service.js';

export type OrderHistoryFilters = Omit<z.output<typeof orderHistoryQuery>, 'page' | 'size'>;

/**
 * The conditions of /order-history: the orders list's scope (the order's agent: a rep their own orders'
 * changes, a chief the team's, the desk all), the period of Tashkent business days, the status moved
 * to, who moved it, the client and the order's number.
 */
function historyWhere(actor: Actor, query: OrderHistoryFilters): SQL | undefined {
  return and(
    inScope(actor, orders.agentId),
    query.from ? gte(orderStatusHistory.at, dayStart(query.from)) : undefined,
    query.to ? lt(orderStatusHistory.at, dayStart(addDays(query.to, 1))) : undefined,
    query.toStatus ? eq(orderStatusHistory.toStatus, query.toStatus) : undefined,
    query.byId ? eq(orderStatusHistory.byId, query.byId) : undefined,
    query.organizationId ? eq(orders.organizationId, query.organizationId) : undefined,
    query.number ? eq(orders.number, Number(query.number)) : undefined,
  );
}

/** How many changes the filters give (the list's total, the export's size). */
export async function countOrderHistory(db: Db, actor: Actor, query: OrderHistoryFilters): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(historyWhere(actor, query));
  return row?.total ?? 0;
}

/** A slice of the changes, newest first (the instant, then the id: pages never overlap). */
export async function orderHistoryRows(db: Db, actor: Actor, query: OrderHistoryFilters, offset: number, limit: number): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select({
      id: orderStatusHistory.id,
      at: isoInstant(orderStatusHistory.at),
      orderId: orders.id,
      numberValue: orders.number,
      organizationId: orders.organizationId,
      organizationName: organizations.name,
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      byId: orderStatusHistory.byId,
      byName: users.fullName,
      reason: orderStatusHistory.reason,
    })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .innerJoin(users, eq(users.id, orderStatusHistory.byId))
    .where(historyWhere(actor, query))
    .orderBy(desc(orderStatusHistory.at), desc(orderStatusHistory.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ numberValue, fromStatus, toStatus, ...rest }) => ({
    ...rest,
    orderNumber: formatOrderNumber(numberValue),
    fromStatus: fromStatus === null ? null : toOrderStatus(fromStatus),
    toStatus: toOrderStatus(toStatus),
  }));
}

/** GET /api/orders/history: a page of the status changes in scope, newest first, with the total. */
export async function listOrderHistory(db: Db, actor: Actor, query: z.output<typeof orderHistoryQuery>): Promise<Paged<OrderHistoryEntry>> {
  const { page, size, ...filters } = query;
  const [items, total] = await Promise.all([orderHistoryRows(db, actor, filters, offsetOf(query), size), countOrderHistory(db, actor, filters)]);
  return { items, total, page, size };
}
