import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { organizationSizes, organizationTypes, visitStatuses, orderStatuses } from '@pharma/contracts';
import { queryRows } from '../../db/client.js';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { createOrganization, organizationBody, place } from '../../test/counterparties.js';
import { makeBatch, makeProducer, makeProduct, makeWarehouse } from '../../test/stock-fixtures.js';
import { visits } from '../visits/visits.table.js';
import { orderPositions, orders } from '../orders/orders.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { deliveries, deliveryReturns, deliveryStops } from '../logistics/logistics.table.js';

/*
 * The aggregates' consistency (issue 15): after a random sequence of inserts, updates and deletes of
 * visits, orders, positions, delivery returns and organizations, every aggregate equals the same sums recomputed here
 * from the raw rows (plain GROUP BYs written independently of the triggers).
 */

let t: TestContext;
let users: number[] = [];
const orgs: number[] = [];
let districtIds: number[] = [];
const products: { id: number; batchId: number }[] = [];
let deliveryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeUser(t.db, 'admin');
  users = [admin.id, (await makeUser(t.db, 'rep', { managerId: admin.id })).id, (await makeUser(t.db, 'rep', { managerId: admin.id })).id];
  const places = [await place(t.db, 'TK', 'Chilonzor'), await place(t.db, 'TK', 'Yunusobod'), await place(t.db, 'SA', 'Urgut')];
  districtIds = places.map((p) => p.districtId);
  for (const [i, at] of places.entries()) orgs.push((await createOrganization(t.app, admin, organizationBody(at, { size: i === 0 ? 'small' : undefined }))).id);
  const producerId = (await makeProducer(t.db)).id;
  const warehouseId = (await makeWarehouse(t.db)).id;
  // one delivery whose stops the returns hang on (a stop per order, made with its first return)
  const [delivery] = await t.db
    .insert(deliveries)
    .values({ date: '2026-10-01', type: 'pickup', warehouseId, address: 'x', boxCount: 1, pricePerBox: 0, createdBy: admin.id })
    .returning({ id: deliveries.id });
  deliveryId = delivery!.id;
  for (let i = 0; i < 3; i++) {
    const id = (await makeProduct(t.db, { producerId })).id;
    products.push({ id, batchId: (await makeBatch(t.db, { productId: id, warehouseId, expiryDate: '2030-01-01', onHand: 1000 })).id });
  }
}, 60_000);
afterAll(() => t.close());

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);
const day = fc.integer({ min: 0, max: 70 }).map((d) => new Date(Date.UTC(2026, 8, 25) + d * 86_400_000).toISOString().slice(0, 10));
const hour = fc.integer({ min: 0, max: 23 });

type Op =
  | { kind: 'visit'; org: number; user: number; day: string; hour: number; status: string; minutes: number; questionable: boolean }
  | { kind: 'visitStatus'; nth: number; status: string }
  | { kind: 'visitMove'; nth: number; day: string; hour: number }
  | { kind: 'visitDelete'; nth: number }
  | {
      kind: 'order';
      org: number;
      user: number;
      day: string;
      status: string;
      clientType: 'retail' | 'wholesale';
      sum: number;
      paid: number;
      lines: { product: number; qty: number; sum: number }[];
    }
  | { kind: 'orderStatus'; nth: number; status: string }
  | { kind: 'orderMove'; nth: number; day: string; user: number; clientType: 'retail' | 'wholesale'; paid: number }
  | { kind: 'positionEdit'; nth: number; qty: number; sum: number }
  | { kind: 'positionDelete'; nth: number }
  | { kind: 'return'; nth: number; product: number; qty: number; price: number }
  | { kind: 'returnEdit'; nth: number; qty: number; price: number }
  | { kind: 'returnDelete'; nth: number }
  | { kind: 'organization'; org: number; district: number; type: string; size: string | null };

const ops = (): fc.Arbitrary<Op> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('visit' as const),
      org: fc.nat(2),
      user: fc.nat(2),
      day,
      hour,
      status: pick(visitStatuses),
      minutes: fc.integer({ min: 0, max: 90 }),
      questionable: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('visitStatus' as const), nth: fc.nat(50), status: pick(visitStatuses) }),
    fc.record({ kind: fc.constant('visitMove' as const), nth: fc.nat(50), day, hour }),
    fc.record({ kind: fc.constant('visitDelete' as const), nth: fc.nat(50) }),
    fc.record({
      kind: fc.constant('order' as const),
      org: fc.nat(2),
      user: fc.nat(2),
      day,
      status: pick(orderStatuses),
      clientType: pick(['retail', 'wholesale'] as const),
      sum: fc.integer({ min: 0, max: 5_000_000 }),
      paid: fc.integer({ min: 0, max: 5_000_000 }),
      lines: fc.array(fc.record({ product: fc.nat(2), qty: fc.integer({ min: 1, max: 20 }), sum: fc.integer({ min: 0, max: 2_000_000 }) }), { maxLength: 3 }),
    }),
    fc.record({ kind: fc.constant('orderStatus' as const), nth: fc.nat(50), status: pick(orderStatuses) }),
    fc.record({
      kind: fc.constant('orderMove' as const),
      nth: fc.nat(50),
      day,
      user: fc.nat(2),
      clientType: pick(['retail', 'wholesale'] as const),
      paid: fc.integer({ min: 0, max: 5_000_000 }),
    }),
    fc.record({
      kind: fc.constant('positionEdit' as const),
      nth: fc.nat(50),
      qty: fc.integer({ min: 1, max: 20 }),
      sum: fc.integer({ min: 0, max: 2_000_000 }),
    }),
    fc.record({ kind: fc.constant('positionDelete' as const), nth: fc.nat(50) }),
    fc.record({
      kind: fc.constant('return' as const),
      nth: fc.nat(50),
      product: fc.nat(2),
      qty: fc.integer({ min: 1, max: 20 }),
      price: fc.integer({ min: 0, max: 200_000 }),
    }),
    fc.record({
      kind: fc.constant('returnEdit' as const),
      nth: fc.nat(50),
      qty: fc.integer({ min: 1, max: 20 }),
      price: fc.integer({ min: 0, max: 200_000 }),
    }),
    fc.record({ kind: fc.constant('returnDelete' as const), nth: fc.nat(50) }),
    fc.record({
      kind: fc.constant('organization' as const),
      org: fc.nat(2),
      district: fc.nat(2),
      type: pick(organizationTypes),
      size: fc.option(pick(organizationSizes)),
    }),
  );

async function nthId(table: 'visits' | 'orders' | 'order_positions' | 'delivery_returns', nth: number): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(t.db, sql`select id from ${sql.raw(table)} order by id`);
  return rows.length ? rows[nth % rows.length]!.id : undefined;
}

async function apply(op: Op) {
  switch (op.kind) {
    case 'visit': {
      const start = new Date(`${op.day}T${String(op.hour).padStart(2, '0')}:00:00+05:00`);
      await t.db.insert(visits).values({
        organizationId: orgs[op.org]!,
        representativeId: users[op.user]!,
        status: op.status as 'planned',
        plannedStart: start,
        plannedEnd: new Date(start.getTime() + 3_600_000),
        startedAt: start,
        completedAt: new Date(start.getTime() + op.minutes * 60_000),
        review: op.questionable ? 'pending' : null,
      });
      return;
    }
    case 'visitStatus': {
      const id = await nthId('visits', op.nth);
      if (id)
        await t.db
          .update(visits)
          .set({ status: op.status as 'planned' })
          .where(eq(visits.id, id));
      return;
    }
    case 'visitMove': {
      const id = await nthId('visits', op.nth);
      const start = new Date(`${op.day}T${String(op.hour).padStart(2, '0')}:30:00+05:00`);
      if (id)
        await t.db
          .update(visits)
          .set({ plannedStart: start, plannedEnd: new Date(start.getTime() + 60_000) })
          .where(eq(visits.id, id));
      return;
    }
    case 'visitDelete': {
      const id = await nthId('visits', op.nth);
      if (id) await t.db.delete(visits).where(eq(visits.id, id));
      return;
    }
    case 'order': {
      await t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({
            date: op.day,
            status: op.status as 'new',
            organizationId: orgs[op.org]!,
            agentId: users[op.user]!,
            clientType: op.clientType,
            paymentVariant: 'cash',
            vatBp: 1200,
            deliveryAddress: 'x',
            sumSale: op.sum,
            paid: op.paid,
          })
          .returning({ id: orders.id });
        if (op.lines.length)
          await tx.insert(orderPositions).values(
            op.lines.map((l) => ({
              orderId: row!.id,
              productId: products[l.product]!.id,
              batchId: products[l.product]!.batchId,
              quantity: l.qty,
              basePrice: 1,
              basePriceWithVat: 1,
              markupBp: 0,
              vatBp: 1200,
              salePrice: 1,
              sumBase: 1,
              sumBaseWithVat: 1,
              sumSale: l.sum,
            })),
          );
      });
      return;
    }
    case 'orderStatus': {
      const id = await nthId('orders', op.nth);
      if (id)
        await t.db
          .update(orders)
          .set({ status: op.status as 'new' })
          .where(eq(orders.id, id));
      return;
    }
    case 'orderMove': {
      const id = await nthId('orders', op.nth);
      if (id) await t.db.update(orders).set({ date: op.day, agentId: users[op.user]!, clientType: op.clientType, paid: op.paid }).where(eq(orders.id, id));
      return;
    }
    case 'positionEdit': {
      const id = await nthId('order_positions', op.nth);
      if (id) await t.db.update(orderPositions).set({ quantity: op.qty, sumSale: op.sum }).where(eq(orderPositions.id, id));
      return;
    }
    case 'positionDelete': {
      const id = await nthId('order_positions', op.nth);
      if (id) await t.db.delete(orderPositions).where(inArray(orderPositions.id, [id]));
      return;
    }
    case 'return': {
      // what came back from the order's stop (made once): as a partial delivery or a refusal records it
      const orderId = await nthId('orders', op.nth);
      if (!orderId) return;
      await t.db.insert(deliveryStops).values({ deliveryId, orderId, sequence: 1, status: 'partial' }).onConflictDoNothing({ target: deliveryStops.orderId });
      const [stop] = await t.db.select({ id: deliveryStops.id }).from(deliveryStops).where(eq(deliveryStops.orderId, orderId));
      await t.db.insert(deliveryReturns).values({
        stopId: stop!.id,
        orderId,
        productId: products[op.product]!.id,
        batchId: products[op.product]!.batchId,
        quantity: op.qty,
        salePrice: op.price,
      });
      return;
    }
    case 'returnEdit': {
      const id = await nthId('delivery_returns', op.nth);
      if (id) await t.db.update(deliveryReturns).set({ quantity: op.qty, salePrice: op.price }).where(eq(deliveryReturns.id, id));
      return;
    }
    case 'returnDelete': {
      const id = await nthId('delivery_returns', op.nth);
      if (id) await t.db.delete(deliveryReturns).where(eq(deliveryReturns.id, id));
      return;
    }
    case 'organization':
      await t.db
        .update(organizations)
        .set({ districtId: districtIds[op.district]!, type: op.type as 'pharmacy', size: op.size as 'small' | null })
        .where(eq(organizations.id, orgs[op.org]!));
      return;
  }
}

/** A day column, or its month's first day for the monthly copies. */
const dayOf = (expression: string, grain: 'day' | 'month') => sql.raw(grain === 'month' ? `date_trunc('month', ${expression})` : expression);

/** Each aggregate's non-zero rows, as sorted JSON lines, from its table and recomputed from the raw rows; the monthly copies too. */
async function compare() {
  const rows = (statement: ReturnType<typeof sql>) =>
    queryRows<Record<string, unknown>>(t.db, statement).then((r) => r.map((x) => JSON.stringify(Object.values(x).map(String))).sort());
  const expected: Record<string, string[]> = {};
  const actual: Record<string, string[]> = {};
  for (const grain of ['day', 'month'] as const) {
    const visitDay = dayOf(`(v.planned_start at time zone 'Asia/Tashkent')::date`, grain);
    const suffix = sql.raw(grain === 'month' ? '_monthly' : '');
    expected[`visits by ${grain}`] =
      await rows(sql`select to_char(${visitDay}, 'YYYY-MM-DD') c1, v.representative_id c2, o.district_id c3, o.type c4, coalesce(o.size, '') c5,
        count(*) c6, count(*) filter (where v.status = 'completed') c7, count(*) filter (where v.status = 'cancelled') c8, count(*) filter (where v.status = 'overdue') c9,
        count(*) filter (where v.status = 'completed' and v.review is not null) c10,
        coalesce(sum(extract(epoch from v.completed_at - v.started_at)::bigint) filter (where v.status = 'completed' and v.completed_at >= v.started_at), 0) c11,
        count(*) filter (where v.status = 'completed' and v.completed_at >= v.started_at) c12
      from visits v join organizations o on o.id = v.organization_id group by 1, 2, 3, 4, 5`);
    expected[`orders by ${grain}`] =
      await rows(sql`select to_char(${dayOf('r.date', grain)}, 'YYYY-MM-DD') c1, r.agent_id c2, o.district_id c3, o.type c4, coalesce(o.size, '') c5, r.client_type c6, r.status c7, count(*) c8, sum(r.sum_sale) c9, sum(r.paid) c10,
        sum(case when r.status = 'cancelled' then 0 else greatest(0, r.sum_sale - r.paid) end) c11, coalesce(sum(x.returned), 0) c12
      from orders r join organizations o on o.id = r.organization_id
      left join (select order_id, sum(quantity::bigint * sale_price) returned from delivery_returns group by 1) x on x.order_id = r.id
      group by 1, 2, 3, 4, 5, 6, 7`);
    expected[`coverage by ${grain}`] = await rows(sql`select to_char(${dayOf('d', grain)}, 'YYYY-MM-DD'), org, u, sum(vis) c4, sum(ord) c5 from (
        select (planned_start at time zone 'Asia/Tashkent')::date d, organization_id org, representative_id u, 1 vis, 0 ord from visits where status = 'completed'
        union all select date, organization_id, agent_id, 0, 1 from orders where status <> 'cancelled') x group by 1, 2, 3`);
    actual[`visits by ${grain}`] =
      await rows(sql`select to_char(day, 'YYYY-MM-DD') as d0, representative_id, district_id, organization_type, organization_size, planned, completed, cancelled, overdue, questionable, visit_seconds, timed_visits
      from stat_visits${suffix} where planned <> 0 or completed <> 0 or cancelled <> 0 or overdue <> 0 or questionable <> 0 or visit_seconds <> 0 or timed_visits <> 0`);
    actual[`orders by ${grain}`] =
      await rows(sql`select to_char(day, 'YYYY-MM-DD') as d0, agent_id, district_id, organization_type, organization_size, client_type, status, orders, sum_sale, paid, owed, returned
      from stat_orders${suffix} where orders <> 0 or sum_sale <> 0 or paid <> 0 or owed <> 0 or returned <> 0`);
    actual[`coverage by ${grain}`] = await rows(
      sql`select to_char(day, 'YYYY-MM-DD') as d0, organization_id, user_id, visits, orders from stat_coverage${suffix} where visits <> 0 or orders <> 0`,
    );
  }
  // a representative's day: how many (district, type, size) keys hold a visit not cancelled
  expected.repDays = await rows(sql`select d, rep, count(*) from (
      select (v.planned_start at time zone 'Asia/Tashkent')::date d, v.representative_id rep, o.district_id, o.type, coalesce(o.size, '')
      from visits v join organizations o on o.id = v.organization_id group by 1, 2, 3, 4, 5 having count(*) filter (where v.status <> 'cancelled') > 0
    ) x group by 1, 2`);
  actual.repDays = await rows(sql`select day, representative_id, active_rows from stat_rep_days where active_rows <> 0`);
  expected.sales =
    await rows(sql`select to_char(date_trunc('month', r.date), 'YYYY-MM-DD') c1, p.product_id c2, r.organization_id c3, r.agent_id c4, r.client_type c5, sum(p.quantity) c6, sum(p.sum_sale) c7
      from order_positions p join orders r on r.id = p.order_id where r.status <> 'cancelled' group by 1, 2, 3, 4, 5`);
  actual.sales = await rows(
    sql`select to_char(month, 'YYYY-MM-DD') as m0, product_id, organization_id, agent_id, client_type, quantity, sum_sale from stat_sales where quantity <> 0 or sum_sale <> 0`,
  );
  expect(actual).toEqual(expected);
}

describe('analytics aggregates', () => {
  it('equal the raw rows recomputed after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops(), { minLength: 5, maxLength: 25 }), async (sequence) => {
        for (const op of sequence) await apply(op);
        await compare();
      }),
      { numRuns: 30 },
    );
  }, 240_000);

  it('are counted once more by stat_count_all to the same figures', async () => {
    await apply({ kind: 'return', nth: 0, product: 0, qty: 3, price: 150_000 });
    await t.db.execute(sql`select stat_count_all()`);
    await compare();
  });
});
