import { and, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  monthEnd,
  monthsBetween,
  monthStart,
  toOrderStatus,
  type Matrix,
  type MatrixCell,
  type MatrixCellOrder,
  type OrderPlan,
  type matrixCellQuery,
  type matrixQuery,
  type SavePlanBody,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { producers, products } from '../catalog/catalog.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { assertOrganizationVisible, organizationScope } from '../organizations/organizations.service.js';
import { users } from '../users/users.table.js';
import { orderPositions, orders } from './orders.table.js';
import { orderPlans } from './order-plans.table.js';
import { formatOrderNumber } from './orders.service.js';

const num = (v: unknown) => Number(v ?? 0);
const bigSum = (column: Parameters<typeof sql>[1]) => sql<string>`coalesce(sum(${column}), 0)::bigint`;

/** The orders a matrix counts: of the period (by order date), not cancelled, in the actor's scope, filtered. */
function periodOrders(actor: Actor, q: { from: string; to: string; agentId?: number }): SQL {
  return and(
    gte(orders.date, monthStart(q.from)),
    lte(orders.date, monthEnd(q.to)),
    ne(orders.status, 'cancelled'),
    inScope(actor, orders.agentId),
    q.agentId ? eq(orders.agentId, q.agentId) : undefined,
  )!;
}

/**
 * GET /api/orders/matrix: products × organizations of the period. Columns are the organizations
 * asked for (in the actor's territories) or the top ones by ordered sum among the actor's orders;
 * rows are the products ordered or planned for them (or the products asked for).
 */
export async function getMatrix(db: Db, actor: Actor, q: z.output<typeof matrixQuery>): Promise<Matrix> {
  const inPeriod = periodOrders(actor, q);
  const months = monthsBetween(q.from, q.to);
  const productFilter = q.productIds ? inArray(orderPositions.productId, q.productIds) : undefined;
  const region = q.regionId ? eq(organizations.regionId, q.regionId) : undefined;

  // ---- the columns
  let columns: { id: number; name: string }[];
  let moreOrganizations = 0;
  if (q.organizationIds) {
    columns = await db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(and(inArray(organizations.id, q.organizationIds), organizationScope(actor), region))
      .orderBy(organizations.name, organizations.id);
  } else {
    const ranked = db
      .select({ organizationId: orders.organizationId, sum: sql<string>`sum(${orderPositions.sumSale})`.as('ranked_sum') })
      .from(orders)
      .innerJoin(orderPositions, eq(orderPositions.orderId, orders.id))
      .innerJoin(organizations, eq(organizations.id, orders.organizationId))
      .where(and(inPeriod, productFilter, region))
      .groupBy(orders.organizationId)
      .as('ranked');
    const [top, [all]] = await Promise.all([
      db
        .select({ id: organizations.id, name: organizations.name })
        .from(ranked)
        .innerJoin(organizations, eq(organizations.id, ranked.organizationId))
        .orderBy(desc(ranked.sum), organizations.id)
        .limit(q.limit),
      db.select({ n: sql<number>`count(*)::int` }).from(ranked),
    ]);
    columns = top;
    moreOrganizations = Math.max(0, num(all?.n) - top.length);
  }
  const empty: Matrix = {
    from: q.from,
    to: q.to,
    months,
    organizations: [],
    moreOrganizations,
    products: [],
    cells: [],
    plans: [],
    totals: { quantity: 0, sum: 0, ordersSum: 0, paid: 0, planned: 0 },
  };
  if (columns.length === 0) return empty;
  const columnIds = columns.map((c) => c.id);

  // ---- ordered quantities and sums per cell, payments per column, plans of the period's months
  const [ordered, payments, planRows] = await Promise.all([
    db
      .select({
        productId: orderPositions.productId,
        organizationId: orders.organizationId,
        quantity: bigSum(orderPositions.quantity),
        sum: bigSum(orderPositions.sumSale),
      })
      .from(orders)
      .innerJoin(orderPositions, eq(orderPositions.orderId, orders.id))
      .where(and(inPeriod, inArray(orders.organizationId, columnIds), productFilter))
      .groupBy(orderPositions.productId, orders.organizationId),
    db
      .select({ organizationId: orders.organizationId, ordersSum: bigSum(orders.sumSale), paid: bigSum(orders.paid) })
      .from(orders)
      .where(and(inPeriod, inArray(orders.organizationId, columnIds)))
      .groupBy(orders.organizationId),
    db
      .select({
        organizationId: orderPlans.organizationId,
        productId: orderPlans.productId,
        month: sql<string>`to_char(${orderPlans.month}, 'YYYY-MM')`,
        quantity: orderPlans.quantity,
      })
      .from(orderPlans)
      .where(
        and(
          inArray(orderPlans.organizationId, columnIds),
          gte(orderPlans.month, monthStart(q.from)),
          lte(orderPlans.month, monthStart(q.to)),
          q.productIds ? inArray(orderPlans.productId, q.productIds) : undefined,
        ),
      )
      .orderBy(orderPlans.productId, orderPlans.organizationId, orderPlans.month),
  ]);

  const cellKey = (productId: number, organizationId: number) => `${productId}:${organizationId}`;
  const cells = new Map<string, MatrixCell>();
  const cellOf = (productId: number, organizationId: number) => {
    const key = cellKey(productId, organizationId);
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { productId, organizationId, quantity: 0, sum: 0, planned: 0 }));
    return cell;
  };
  for (const row of ordered) {
    const cell = cellOf(row.productId, row.organizationId);
    cell.quantity = num(row.quantity);
    cell.sum = num(row.sum);
  }
  const plans: OrderPlan[] = [];
  for (const row of planRows) {
    plans.push({ organizationId: row.organizationId, productId: row.productId, month: row.month, quantity: row.quantity });
    cellOf(row.productId, row.organizationId).planned += row.quantity;
  }

  const productIds = [...new Set([...(q.productIds ?? []), ...[...cells.values()].map((c) => c.productId)])];
  const productRows = productIds.length
    ? await db
        .select({ id: products.id, name: products.name, producerName: producers.name })
        .from(products)
        .leftJoin(producers, eq(producers.id, products.producerId))
        .where(inArray(products.id, productIds))
        .orderBy(products.name, producers.name, products.id)
    : [];

  const paymentOf = new Map(payments.map((p) => [p.organizationId, p]));
  const organizationsOut = columns.map((c) => ({
    ...c,
    quantity: 0,
    sum: 0,
    ordersSum: num(paymentOf.get(c.id)?.ordersSum),
    paid: num(paymentOf.get(c.id)?.paid),
    planned: 0,
  }));
  const columnOf = new Map(organizationsOut.map((c) => [c.id, c]));
  const productsOut = productRows.map((p) => ({ ...p, quantity: 0, sum: 0, planned: 0 }));
  const rowOf = new Map(productsOut.map((p) => [p.id, p]));
  const totals = { quantity: 0, sum: 0, ordersSum: 0, paid: 0, planned: 0 };
  for (const cell of cells.values()) {
    const row = rowOf.get(cell.productId);
    const column = columnOf.get(cell.organizationId);
    if (!row || !column) continue;
    row.quantity += cell.quantity;
    row.sum += cell.sum;
    row.planned += cell.planned;
    column.quantity += cell.quantity;
    column.sum += cell.sum;
    column.planned += cell.planned;
    totals.quantity += cell.quantity;
    totals.sum += cell.sum;
    totals.planned += cell.planned;
  }
  for (const c of organizationsOut) {
    totals.ordersSum += c.ordersSum;
    totals.paid += c.paid;
  }
  return { ...empty, organizations: organizationsOut, products: productsOut, cells: [...cells.values()], plans, totals };
}

/** GET /api/orders/matrix/orders: the orders behind one cell (a product of an organization in the period). */
export async function getMatrixCellOrders(db: Db, actor: Actor, q: z.output<typeof matrixCellQuery>): Promise<{ items: MatrixCellOrder[] }> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      date: sql<string>`${orders.date}::text`,
      status: orders.status,
      agentName: users.fullName,
      quantity: bigSum(orderPositions.quantity),
      sum: bigSum(orderPositions.sumSale),
      paid: orders.paid,
      ordersSum: orders.sumSale,
    })
    .from(orders)
    .innerJoin(orderPositions, eq(orderPositions.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.agentId))
    .where(and(periodOrders(actor, q), eq(orders.organizationId, q.organizationId), eq(orderPositions.productId, q.productId)))
    .groupBy(orders.id, users.fullName)
    .orderBy(desc(orders.date), desc(orders.id))
    .limit(500);
  return {
    items: rows.map((r) => ({ ...r, number: formatOrderNumber(r.number), status: toOrderStatus(r.status), quantity: num(r.quantity), sum: num(r.sum) })),
  };
}

/**
 * PUT /api/orders/matrix/plan: sets the planned packs of a product for an organization in a month
 * (an upsert, audited). Whoever edits orders plans for the organizations of their territories:
 * a rep for theirs, a chief for the team's, the operator's desk and the administrator for all.
 */
export async function savePlan(db: Db, actor: Actor, input: SavePlanBody): Promise<OrderPlan> {
  const month = monthStart(input.month);
  return db.transaction(async (tx) => {
    await assertOrganizationVisible(tx, actor, input.organizationId);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
    if (!product) throw fieldError('VALIDATION_FAILED', 'productId', 'productUnknown');
    const key = and(eq(orderPlans.organizationId, input.organizationId), eq(orderPlans.productId, input.productId), eq(orderPlans.month, month));
    const [before] = await tx.select({ id: orderPlans.id, quantity: orderPlans.quantity }).from(orderPlans).where(key).for('update');
    const values = { quantity: input.quantity, updatedById: actor.id, updatedAt: new Date() };
    const [saved] = await tx
      .insert(orderPlans)
      .values({ organizationId: input.organizationId, productId: input.productId, month, ...values })
      .onConflictDoUpdate({ target: [orderPlans.organizationId, orderPlans.productId, orderPlans.month], set: values })
      .returning({ id: orderPlans.id });
    await recordAudit(tx, actor, {
      entity: 'orderPlan',
      entityId: saved!.id,
      action: before ? 'update' : 'create',
      before: before ? { organizationId: input.organizationId, productId: input.productId, month: input.month, quantity: before.quantity } : null,
      after: { organizationId: input.organizationId, productId: input.productId, month: input.month, quantity: input.quantity },
    });
    return { organizationId: input.organizationId, productId: input.productId, month: input.month, quantity: input.quantity };
  });
}
