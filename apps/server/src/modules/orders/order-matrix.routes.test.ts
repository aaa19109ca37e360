import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { businessDate, monthEnd, monthStart } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { orderPeople, orderStock } from '../../test/order-fixtures.js';
import { auditLog } from '../../platform/audit/audit.table.js';
import { orderPositions, orders } from './orders.table.js';
import { orderPlans } from './order-plans.table.js';
import { organizations } from '../organizations/organizations.table.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, chief: U, rep: U, rep2: U, otherChief: U, rep3: U, employee: U;
let pharmacyA: { id: number; name: string }, pharmacyB: { id: number; name: string }, pharmacyC: { id: number; name: string };
let nurofen: number, aspirin: number, citramon: number;
const month = businessDate().slice(0, 7);
const previousMonth = (() => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
})();
const ids: Record<string, number> = {};

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown) =>
  t.app.inject({ method, url, headers: headers(t.app, user), ...(payload === undefined ? {} : { payload: payload as object }) });
const createOrder = async (user: U, organizationId: number, positions: { productId: number; quantity: number }[]) => {
  const res = await inject('POST', '/api/orders', user, { organizationId, deliveryAddress: "Bunyodkor ko'chasi, 12", positions });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; sumSale: number };
};
const getMatrix = (user: U, query: string) => inject('GET', `/api/orders/matrix?${query}`, user);
interface Cell {
  productId: number;
  organizationId: number;
  quantity: number;
  sum: number;
  planned: number;
}
const cellOf = (body: { cells: Cell[] }, productId: number, organizationId: number) =>
  body.cells.find((c) => c.productId === productId && c.organizationId === organizationId);

/** What the positions of the not cancelled orders of the period say, straight from the tables. */
async function positionsTotal(where: { organizationId?: number; productId?: number; agentIds?: number[]; from: string; to: string }) {
  const [row] = await t.db
    .select({ quantity: sql<string>`coalesce(sum(${orderPositions.quantity}), 0)`, sum: sql<string>`coalesce(sum(${orderPositions.sumSale}), 0)` })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(
      and(
        ne(orders.status, 'cancelled'),
        gte(orders.date, monthStart(where.from)),
        lte(orders.date, monthEnd(where.to)),
        where.organizationId ? eq(orders.organizationId, where.organizationId) : undefined,
        where.productId ? eq(orderPositions.productId, where.productId) : undefined,
        where.agentIds ? inArray(orders.agentId, where.agentIds) : undefined,
      ),
    );
  return { quantity: Number(row!.quantity), sum: Number(row!.sum) };
}

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const urgut = await place(t.db, 'SA', 'Urgut');
  ({ admin, operator, chief, rep, rep2, otherChief, rep3, employee } = await orderPeople(t.db));
  for (const u of [rep, rep2, chief]) await assignTerritory(t.db, u.id, chilonzor);
  for (const u of [rep3, otherChief]) await assignTerritory(t.db, u.id, urgut);
  pharmacyA = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Шифо' }));
  pharmacyB = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Малика' }));
  pharmacyC = await createOrganization(t.app, admin, organizationBody(urgut, { name: 'Ургут Фарм' }));
  // two batches of nurofen at different prices, so a line of it may be priced twice
  ({ nurofen, aspirin, citramon } = await orderStock(t.db, { nurofenSoon: 4, nurofenLater: 1000, aspirin: 1000, citramon: 1000 }));

  ids.repA = (
    await createOrder(rep, pharmacyA.id, [
      { productId: nurofen, quantity: 6 },
      { productId: aspirin, quantity: 2 },
    ])
  ).id;
  ids.repB = (await createOrder(rep, pharmacyB.id, [{ productId: nurofen, quantity: 5 }])).id;
  ids.rep2A = (await createOrder(rep2, pharmacyA.id, [{ productId: nurofen, quantity: 4 }])).id;
  ids.rep3C = (
    await createOrder(rep3, pharmacyC.id, [
      { productId: nurofen, quantity: 70 },
      { productId: citramon, quantity: 9 },
    ])
  ).id;
  ids.cancelled = (
    await createOrder(rep, pharmacyA.id, [
      { productId: citramon, quantity: 11 },
      { productId: nurofen, quantity: 100 },
    ])
  ).id;
  expect((await inject('POST', `/api/orders/${ids.cancelled}/move`, rep, { to: 'cancelled' })).statusCode).toBe(200);
  ids.lastMonth = (await createOrder(rep, pharmacyA.id, [{ productId: aspirin, quantity: 3 }])).id;
  await t.db
    .update(orders)
    .set({ date: monthStart(previousMonth) })
    .where(eq(orders.id, ids.lastMonth));
  // payments on two orders
  await t.db.update(orders).set({ paid: 150_000 }).where(eq(orders.id, ids.repA));
  await t.db.update(orders).set({ paid: 99 }).where(eq(orders.id, ids.rep2A));
});
afterAll(() => t.close());

describe('GET /api/orders/matrix', () => {
  it('sums exactly the positions of the orders not cancelled of the period, per cell, row, column and in total', async () => {
    const res = await getMatrix(admin, `from=${month}&to=${month}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.months).toEqual([month]);
    // columns: the top organizations by ordered sum — Urgut's 70 packs first
    expect(body.organizations.map((o: { id: number }) => o.id)).toEqual([pharmacyC.id, pharmacyA.id, pharmacyB.id]);
    for (const org of [pharmacyA, pharmacyB, pharmacyC])
      for (const product of [nurofen, aspirin, citramon]) {
        const expected = await positionsTotal({ organizationId: org.id, productId: product, from: month, to: month });
        const cell = cellOf(body, product, org.id);
        expect([cell?.quantity ?? 0, cell?.sum ?? 0]).toEqual([expected.quantity, expected.sum]);
      }
    // the cancelled order counts nowhere: nurofen in A is 6 + 4, citramon only Urgut's 9
    expect(cellOf(body, nurofen, pharmacyA.id)!.quantity).toBe(10);
    expect(cellOf(body, citramon, pharmacyA.id)).toBeUndefined();
    // last month's aspirin is outside this month
    expect(cellOf(body, aspirin, pharmacyA.id)!.quantity).toBe(2);
    const total = await positionsTotal({ from: month, to: month });
    expect(body.totals).toMatchObject({ quantity: total.quantity, sum: total.sum });
    const nurofenRow = body.products.find((p: { id: number }) => p.id === nurofen);
    expect(nurofenRow).toMatchObject(await positionsTotal({ productId: nurofen, from: month, to: month }));
    const columnA = body.organizations.find((o: { id: number }) => o.id === pharmacyA.id);
    expect(columnA).toMatchObject(await positionsTotal({ organizationId: pharmacyA.id, from: month, to: month }));
    // payments: orders.paid of the period's orders against their sums
    const [a] = await t.db
      .select({ s: sql<string>`sum(${orders.sumSale})` })
      .from(orders)
      .where(inArray(orders.id, [ids.repA!, ids.rep2A!]));
    expect(columnA).toMatchObject({ paid: 150_099, ordersSum: Number(a!.s) });
    expect(body.totals.paid).toBe(150_099);
    expect(body.moreOrganizations).toBe(0);
    // products in name order
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Аспирин 500 мг', 'Нурофен 200 мг', 'Цитрамон']);
  });

  it('covers several months, limits the columns to the top ones and filters by product, agent and region', async () => {
    const two = (await getMatrix(admin, `from=${previousMonth}&to=${month}`)).json();
    expect(two.months).toEqual([previousMonth, month]);
    expect(cellOf(two, aspirin, pharmacyA.id)!.quantity).toBe(5);

    const top = (await getMatrix(admin, `from=${month}&to=${month}&limit=1`)).json();
    expect(top.organizations.map((o: { id: number }) => o.id)).toEqual([pharmacyC.id]);
    expect(top.moreOrganizations).toBe(2);

    const onlyAspirin = (await getMatrix(admin, `from=${month}&to=${month}&productIds=${aspirin}`)).json();
    expect(onlyAspirin.products.map((p: { id: number }) => p.id)).toEqual([aspirin]);
    expect(onlyAspirin.organizations.map((o: { id: number }) => o.id)).toEqual([pharmacyA.id]);

    const byRep2 = (await getMatrix(admin, `from=${month}&to=${month}&agentId=${rep2.id}`)).json();
    expect(byRep2.cells).toEqual([expect.objectContaining({ productId: nurofen, organizationId: pharmacyA.id, quantity: 4 })]);

    const [urgut] = await t.db.select({ regionId: organizations.regionId }).from(organizations).where(eq(organizations.id, pharmacyC.id));
    const samarkand = (await getMatrix(admin, `from=${month}&to=${month}&regionId=${urgut!.regionId}`)).json();
    expect(samarkand.organizations.map((o: { id: number }) => o.id)).toEqual([pharmacyC.id]);

    // the organizations asked for, even without orders
    const asked = (await getMatrix(admin, `from=${month}&to=${month}&organizationIds=${pharmacyB.id},${pharmacyA.id}`)).json();
    expect(asked.organizations.map((o: { name: string }) => o.name)).toEqual(['Аптека Малика', 'Аптека Шифо']);
  });

  it('keeps to the scope of orders: a rep sees only their own orders and never another territory’s organizations; a chief the team’s', async () => {
    const mine = (await getMatrix(rep, `from=${month}&to=${month}`)).json();
    expect(mine.organizations.map((o: { id: number }) => o.id).sort()).toEqual([pharmacyA.id, pharmacyB.id].sort());
    expect(cellOf(mine, nurofen, pharmacyA.id)!.quantity).toBe(
      (await positionsTotal({ organizationId: pharmacyA.id, productId: nurofen, agentIds: [rep.id], from: month, to: month })).quantity,
    );
    expect(cellOf(mine, nurofen, pharmacyA.id)!.quantity).toBe(6);
    expect(mine.organizations.find((o: { id: number }) => o.id === pharmacyA.id).paid).toBe(150_000);
    // asking for an organization of another territory gives nothing
    const other = (await getMatrix(rep, `from=${month}&to=${month}&organizationIds=${pharmacyC.id}`)).json();
    expect(other.organizations).toEqual([]);
    expect(other.cells).toEqual([]);
    // nor do another rep's orders leak through the agent filter
    const foreign = (await getMatrix(rep, `from=${month}&to=${month}&agentId=${rep3.id}`)).json();
    expect(foreign.organizations).toEqual([]);

    const team = (await getMatrix(chief, `from=${month}&to=${month}`)).json();
    expect(team.organizations.map((o: { id: number }) => o.id)).not.toContain(pharmacyC.id);
    expect(cellOf(team, nurofen, pharmacyA.id)!.quantity).toBe(10);
    const theirs = (await getMatrix(otherChief, `from=${month}&to=${month}`)).json();
    expect(theirs.organizations.map((o: { id: number }) => o.id)).toEqual([pharmacyC.id]);

    // the warehouse views orders, so it sees the matrix; a courier does not
    expect((await getMatrix(employee, `from=${month}&to=${month}`)).statusCode).toBe(200);
    const courier = await makeUser(t.db, 'courier');
    expect((await getMatrix(courier, `from=${month}&to=${month}`)).statusCode).toBe(403);
  });

  it('refuses a period longer than 12 months, an end before the start and a malformed month with field errors', async () => {
    const long = await getMatrix(admin, 'from=2025-01&to=2026-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ to: 'The period cannot be longer than 12 months' });
    expect((await getMatrix(admin, 'from=2025-01&to=2025-12')).statusCode).toBe(200);
    const backwards = await getMatrix(admin, 'from=2026-03&to=2026-01');
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().fields)).toEqual(['to']);
    const bad = await getMatrix(admin, 'from=2026-13&to=2026-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.from).toBeDefined();
    expect((await getMatrix(admin, `to=${month}`)).statusCode).toBe(400);
  });
});

describe('GET /api/orders/matrix/orders', () => {
  it("lists one cell's orders in scope, with that product's packs", async () => {
    const q = `from=${month}&to=${month}&organizationId=${pharmacyA.id}&productId=${nurofen}`;
    const all = (await inject('GET', `/api/orders/matrix/orders?${q}`, admin)).json();
    expect(all.items.map((o: { id: number; quantity: number }) => [o.id, o.quantity]).sort()).toEqual(
      [
        [ids.repA, 6],
        [ids.rep2A, 4],
      ].sort(),
    );
    expect(all.items.find((o: { id: number }) => o.id === ids.repA)).toMatchObject({ paid: 150_000, status: 'new' });
    const mine = (await inject('GET', `/api/orders/matrix/orders?${q}`, rep)).json();
    expect(mine.items.map((o: { id: number }) => o.id)).toEqual([ids.repA]);
    const none = (await inject('GET', `/api/orders/matrix/orders?from=${month}&to=${month}&organizationId=${pharmacyC.id}&productId=${nurofen}`, rep)).json();
    expect(none.items).toEqual([]);
  });
});

describe('PUT /api/orders/matrix/plan', () => {
  const plan = (user: U, body: Record<string, unknown>) => inject('PUT', '/api/orders/matrix/plan', user, body);

  it('upserts one plan per organization × product × month, audited, and the matrix shows it', async () => {
    const first = await plan(rep, { organizationId: pharmacyA.id, productId: nurofen, month, quantity: 12 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ organizationId: pharmacyA.id, productId: nurofen, month, quantity: 12 });
    expect((await plan(chief, { organizationId: pharmacyA.id, productId: nurofen, month, quantity: 15 })).statusCode).toBe(200);
    expect((await plan(operator, { organizationId: pharmacyA.id, productId: nurofen, month: previousMonth, quantity: 3 })).statusCode).toBe(200);
    // a plan for a product not ordered yet brings its row
    expect((await plan(admin, { organizationId: pharmacyB.id, productId: citramon, month, quantity: 0 })).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(orderPlans)
      .where(and(eq(orderPlans.organizationId, pharmacyA.id), eq(orderPlans.productId, nurofen)));
    expect(rows.map((r) => [r.month, r.quantity]).sort()).toEqual(
      [
        [monthStart(previousMonth), 3],
        [monthStart(month), 15],
      ].sort(),
    );
    expect(rows.find((r) => r.month === monthStart(month))!.updatedById).toBe(chief.id);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'orderPlan'));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'create', 'create']);
    expect(audit[1]!.changes).toEqual({ quantity: { from: 12, to: 15 } });

    const one = (await getMatrix(admin, `from=${month}&to=${month}`)).json();
    expect(cellOf(one, nurofen, pharmacyA.id)).toMatchObject({ quantity: 10, planned: 15 });
    expect(one.plans).toContainEqual({ organizationId: pharmacyA.id, productId: nurofen, month, quantity: 15 });
    expect(cellOf(one, citramon, pharmacyB.id)).toMatchObject({ quantity: 0, planned: 0 });
    const two = (await getMatrix(admin, `from=${previousMonth}&to=${month}`)).json();
    expect(cellOf(two, nurofen, pharmacyA.id)!.planned).toBe(18);
    expect(two.totals.planned).toBe(18);
    expect(two.organizations.find((o: { id: number }) => o.id === pharmacyA.id).planned).toBe(18);
  });

  it('refuses a negative or fractional quantity, a bad month, an unknown product, and organizations outside the territory', async () => {
    const negative = await plan(rep, { organizationId: pharmacyA.id, productId: nurofen, month, quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual({ quantity: 'Must be at least 0' });
    const fraction = await plan(rep, { organizationId: pharmacyA.id, productId: nurofen, month, quantity: 1.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().fields).toEqual({ quantity: 'Enter a whole number' });
    const text = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/matrix/plan',
      headers: headers(t.app, rep, 'ru'),
      payload: { organizationId: pharmacyA.id, productId: nurofen, month, quantity: 'много' },
    });
    expect(text.json().fields).toEqual({ quantity: 'Введите целое число' });
    expect((await plan(rep, { organizationId: pharmacyA.id, productId: nurofen, month: '2026-1', quantity: 1 })).json().fields).toHaveProperty('month');
    const unknown = await plan(rep, { organizationId: pharmacyA.id, productId: 999_999, month, quantity: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['productId']);
    const foreign = await plan(rep, { organizationId: pharmacyC.id, productId: nurofen, month, quantity: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().fields)).toEqual(['organizationId']);
    // the warehouse views orders but does not plan them
    expect((await plan(employee, { organizationId: pharmacyA.id, productId: nurofen, month, quantity: 1 })).statusCode).toBe(403);
    // nothing of that was written
    const rows = await t.db.select().from(orderPlans).where(eq(orderPlans.organizationId, pharmacyC.id));
    expect(rows).toEqual([]);
    const [kept] = await t.db
      .select()
      .from(orderPlans)
      .where(and(eq(orderPlans.organizationId, pharmacyA.id), eq(orderPlans.productId, nurofen), eq(orderPlans.month, monthStart(month))));
    expect(kept!.quantity).toBe(15);
  });
});
