import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { orderOwed, bpToPercent, toOrderStatus, type Order, type OrderCredit, type OrderSummary, type Paged, type listOrdersQuery } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import { type Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { searchCondition } from '../../platform/search.js';
import { offsetOf, orderBy } from '../../platform/paging.js';

import { isoInstant } from '../../platform/sql.js';

import { producers, products } from '../catalog/catalog.table.js';
import { batches } from '../stock/stock.table.js';
import { organizations } from '../organizations/organizations.table.js';

import { users } from '../users/users.table.js';

import { orderPositions, orders, orderStatusHistory } from './orders.table.js';
import { orderCredit } from './credit.js';

export const orderDocument = (id: number) => ({ documentType: 'order' as const, documentId: String(id) });

/** 123 → "000123": the order's number as shown. */
export const formatOrderNumber = (n: number) => String(n).padStart(6, '0');

const agents = alias(users, 'agents');

const operators = alias(users, 'operators');

const summaryColumns = {
  id: orders.id,
  numberValue: orders.number,
  date: sql<string>`${orders.date}::text`,
  status: orders.status,
  organizationId: orders.organizationId,
  organizationName: organizations.name,
  agentId: orders.agentId,
  agentName: agents.fullName,
  operatorId: orders.operatorId,
  operatorName: operators.fullName,
  clientType: orders.clientType,
  paymentVariant: orders.paymentVariant,
  prepaymentBp: orders.prepaymentBp,
  sumBaseWithVat: orders.sumBaseWithVat,
  sumSale: orders.sumSale,
  prepaymentAmount: orders.prepaymentAmount,
  paid: orders.paid,
  createdAt: isoInstant(orders.createdAt),
};

const selectSummaries = (db: Db) =>
  db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .innerJoin(agents, eq(agents.id, orders.agentId))
    .leftJoin(operators, eq(operators.id, orders.operatorId));

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary(row: SummaryRow): OrderSummary {
  const { numberValue, prepaymentBp, ...rest } = row;
  return { ...rest, number: formatOrderNumber(numberValue), status: toOrderStatus(row.status), prepaymentPercent: bpToPercent(prepaymentBp) };
}

// ---------------------------------------------------------------- read

const orderSort = { date: orders.date, number: orders.number, sumSale: orders.sumSale, status: orders.status, createdAt: orders.createdAt };

/**
 * GET /api/orders: the actor's orders (a rep their own, a chief the team's, the operator's desk all).
 * Every condition is on the orders table (the region through the organization ids of that region), so
 * the page's ids and the total come from the orders table alone, an index walk that an offset skips
 * cheaply; then the joined rows of those ids only (bench/orders-list.ts: 1,000,000 orders).
 */
export async function listOrders(db: Db, actor: Actor, query: z.output<typeof listOrdersQuery>): Promise<Paged<OrderSummary>> {
  const where = and(
    inScope(actor, orders.agentId),
    query.from ? gte(orders.date, query.from) : undefined,
    query.to ? lte(orders.date, query.to) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.agentId ? eq(orders.agentId, query.agentId) : undefined,
    query.organizationId ? eq(orders.organizationId, query.organizationId) : undefined,
    query.regionId
      ? inArray(orders.organizationId, db.select({ id: organizations.id }).from(organizations).where(eq(organizations.regionId, query.regionId)))
      : undefined,
    query.clientType ? eq(orders.clientType, query.clientType) : undefined,
    // the order's number, or its organization's name (either script) — through the organization ids, like the region
    query.q
      ? /^\d{1,12}$/.test(query.q.trim())
        ? eq(orders.number, Number(query.q.trim()))
        : inArray(orders.organizationId, db.select({ id: organizations.id }).from(organizations).where(searchCondition(organizations.searchKey, query.q)))
      : undefined,
    query.visitId ? eq(orders.visitId, query.visitId) : undefined,
  );
  const sortBy = query.sort ? orderBy(query.sort, orderSort, 'date', orders.id) : [desc(orders.date), desc(orders.id)];
  const [pageIds, [totalRow]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...sortBy)
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const ids = pageIds.map((r) => r.id);
  const rows = ids.length
    ? await selectSummaries(db)
        .where(inArray(orders.id, ids))
        .orderBy(...sortBy)
    : [];
  return { items: rows.map(toSummary), total: totalRow?.total ?? 0, page: query.page, size: query.size };
}

/** GET /api/orders/:id: the order with its positions and status history (404 outside the actor's scope). */
export async function getOrder(db: Tx, actor: Actor, id: number): Promise<Order> {
  const [row] = await db
    .select({
      ...summaryColumns,
      visitId: orders.visitId,
      contractNumber: orders.contractNumber,
      invoice: orders.invoice,
      deliveryAddress: orders.deliveryAddress,
      markupBp: orders.markupBp,
      vatBp: orders.vatBp,
      comment: orders.comment,
      operatorComment: orders.operatorComment,
      refusalReason: orders.refusalReason,
    })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.organizationId))
    .innerJoin(agents, eq(agents.id, orders.agentId))
    .leftJoin(operators, eq(operators.id, orders.operatorId))
    .where(and(eq(orders.id, id), inScope(actor, orders.agentId)));
  if (!row) throw notFound();
  // one after the other: a move or an edit answers the order from inside its transaction, whose connection takes one query at a time
  const positions = await db
    .select({
      id: orderPositions.id,
      productId: orderPositions.productId,
      productName: products.name,
      producerName: producers.name,
      country: sql<string | null>`${products.country}`,
      batchId: orderPositions.batchId,
      series: batches.series,
      expiryDate: sql<string>`${batches.expiryDate}::text`,
      freeBalance: sql<number>`${batches.onHand} - ${batches.reserved}`,
      quantity: orderPositions.quantity,
      basePrice: orderPositions.basePrice,
      basePriceWithVat: orderPositions.basePriceWithVat,
      markupBp: orderPositions.markupBp,
      vatBp: orderPositions.vatBp,
      salePrice: orderPositions.salePrice,
      sumBaseWithVat: orderPositions.sumBaseWithVat,
      sumSale: orderPositions.sumSale,
    })
    .from(orderPositions)
    .innerJoin(products, eq(products.id, orderPositions.productId))
    .leftJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(batches, eq(batches.id, orderPositions.batchId))
    .where(eq(orderPositions.orderId, id))
    .orderBy(asc(products.name), asc(batches.expiryDate), asc(orderPositions.id));
  const history = await db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      at: isoInstant(orderStatusHistory.at),
      byName: users.fullName,
      reason: orderStatusHistory.reason,
    })
    .from(orderStatusHistory)
    .innerJoin(users, eq(users.id, orderStatusHistory.byId))
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  const { markupBp, vatBp, ...rest } = row;
  return {
    ...toSummary(rest),
    visitId: row.visitId,
    contractNumber: row.contractNumber,
    invoice: row.invoice,
    deliveryAddress: row.deliveryAddress,
    // the order's own unpaid sum (the client's debt is GET /api/organizations/:id/debt)
    debt: orderOwed(row),
    markupPercent: markupBp === null ? null : bpToPercent(markupBp),
    vatPercent: bpToPercent(vatBp),
    comment: row.comment,
    operatorComment: row.operatorComment,
    refusalReason: row.refusalReason,
    positions: positions.map(({ markupBp: m, vatBp: v, ...p }) => ({
      ...p,
      freeBalance: Number(p.freeBalance),
      markupPercent: bpToPercent(m),
      vatPercent: bpToPercent(v),
    })),
    history: history.map((h) => ({ ...h, from: h.from === null ? null : toOrderStatus(h.from), to: toOrderStatus(h.to) })),
  };
}

// ---------------------------------------------------------------- create

/** GET /api/orders/:id/credit: what approving the order would meet now (scoped as the order). */
export async function getOrderCredit(db: Db, actor: Actor, id: number): Promise<OrderCredit> {
  return orderCredit(db, await getOrder(db, actor, id));
}
