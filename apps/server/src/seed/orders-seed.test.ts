import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  deliveryCost,
  orderStatuses,
  orderTransitions,
  planRoute,
  pricePosition,
  prepaymentAmount,
  reservingOrderStatuses,
  type OrderStatus,
} from '@pharma/contracts';
import { queryRows } from '../db/client.js';
import { authFor, createTestApp, type TestContext } from '../test/test-app.js';
import { testDriver } from '../test/test-database.js';
import { seedPlatformDemo } from './demo.js';
import { seedStockDemo } from './stock.js';
import { seedCounterpartiesDemo } from './counterparties.js';
import { seedVisitsDemo } from './visits.js';
import { seedFleetDemo } from './fleet.js';
import { seedOrdersDemo } from './orders.js';

let t: TestContext;
let seconds = 0;
// 13:00 in Tashkent, a Friday
const now = new Date('2026-11-20T08:00:00Z');
const today = '2026-11-20';
beforeAll(async () => {
  t = await createTestApp();
  await seedPlatformDemo(t.db);
  await seedStockDemo(t.db, now);
  await seedCounterpartiesDemo(t.db);
  await seedVisitsDemo(t.db, now);
  await seedFleetDemo(t.db);
  const started = Date.now();
  await seedOrdersDemo(t.db, now);
  seconds = (Date.now() - started) / 1000;
}, 300_000);
afterAll(() => t.close());

const rows = <T>(statement: ReturnType<typeof sql>) => queryRows<T>(t.db, statement);
const one = async <T>(statement: ReturnType<typeof sql>) => (await rows<T>(statement))[0]!;
const userId = async (login: string) => (await one<{ id: number }>(sql`select id from users where login = ${login}`)).id;

describe(`orders and deliveries demo data (${testDriver})`, () => {
  it('seeds a year of a few thousand orders of the demo reps and wholesale, many on visits, numbered in time order, in seconds', async () => {
    console.log(`orders demo seed: ${seconds.toFixed(1)} s`);
    // 3–5 s on a quiet machine; the bound leaves room for a loaded CI runner
    expect(seconds).toBeLessThan(20);
    const s = await one<{ n: number; agents: number; onVisits: number; first: string; last: string; gaps: number; wholesale: number }>(sql`select
      count(*)::int as n, count(distinct agent_id)::int as agents, count(visit_id)::int as "onVisits", min(date)::text as first, max(date)::text as last,
      (select count(*)::int from (select number, created_at, lag(created_at) over (order by number) as before, row_number() over (order by number) as k from orders) x
        where x.number <> x.k or x.before > x.created_at) as gaps,
      count(*) filter (where client_type = 'wholesale')::int as wholesale
      from orders`);
    expect(s.n).toBeGreaterThan(2_500);
    expect(s.n).toBeLessThan(6_000);
    expect(s.agents).toBe(6);
    expect(s.onVisits / s.n).toBeGreaterThan(0.4);
    expect(s.first <= '2025-11-25').toBe(true);
    expect(s.last).toBe(today);
    expect(s.gaps).toBe(0);
    expect(s.wholesale).toBeGreaterThan(300);
    // an order on a visit is the visit's rep's, at the visit's organization; every organization is in the agent's territory
    const wrong = await one<{ visits: number; outside: number }>(sql`select
      (select count(*)::int from orders o join visits v on v.id = o.visit_id where v.representative_id <> o.agent_id or v.organization_id <> o.organization_id or v.status <> 'completed') as visits,
      (select count(*)::int from orders o join organizations g on g.id = o.organization_id
        where not exists (select 1 from user_territories ut where ut.user_id = o.agent_id and ut.region_id = g.region_id)) as outside`);
    expect(wrong).toEqual({ visits: 0, outside: 0 });
    // the next order created takes the next number
    const next = await one<{ value: string }>(sql`select (last_value + case when is_called then 1 else 0 end)::text as value from order_number_seq`);
    expect(Number(next.value)).toBe(s.n + 1);
  });

  it('has every status of spec §4, old orders mostly completed, recent ones on their way, cancellations with reasons', async () => {
    const byStatus = await rows<{ status: OrderStatus; n: number; reasons: number; old: number }>(
      sql`select status, count(*)::int as n, count(refusal_reason)::int as reasons, count(*) filter (where date < ${today}::date - 30)::int as old from orders group by status`,
    );
    const s = Object.fromEntries(byStatus.map((r) => [r.status, r]));
    for (const status of orderStatuses.filter((x) => x !== 'unknown')) expect(s[status]?.n ?? 0, status).toBeGreaterThan(0);
    expect(s.unknown).toBeUndefined();
    const old = byStatus.reduce((sum, r) => sum + r.old, 0);
    expect(s.completed!.old / old).toBeGreaterThan(0.7);
    expect(s.delivered!.old / old).toBeGreaterThan(0.03);
    expect(s.cancelled!.old / old).toBeGreaterThan(0.03);
    expect(s.cancelled!.old / old).toBeLessThan(0.15);
    expect(s.cancelled!.reasons).toBe(s.cancelled!.n);
    for (const status of reservingOrderStatuses) {
      const recent = await one<{ n: number }>(sql`select count(*)::int as n from orders where status = ${status} and date < ${today}::date - 7`);
      expect(recent.n, status).toBe(0);
    }
  });

  it('prices every position as pricePosition does and totals the orders to the tiyin', async () => {
    const positions = await rows<{
      basePrice: number;
      quantity: number;
      markupBp: number;
      vatBp: number;
      basePriceWithVat: number;
      salePrice: number;
      sumBase: number;
      sumBaseWithVat: number;
      sumSale: number;
    }>(sql`
      select base_price::float8 as "basePrice", quantity, markup_bp as "markupBp", vat_bp as "vatBp", base_price_with_vat::float8 as "basePriceWithVat", sale_price::float8 as "salePrice",
        sum_base::float8 as "sumBase", sum_base_with_vat::float8 as "sumBaseWithVat", sum_sale::float8 as "sumSale"
      from order_positions where id % 7 = 0`);
    expect(positions.length).toBeGreaterThan(1000);
    for (const p of positions) {
      const priced = pricePosition({ basePrice: p.basePrice, quantity: p.quantity, markupPercent: p.markupBp / 100, vatPercent: p.vatBp / 100 });
      expect({ withVat: p.basePriceWithVat, sale: p.salePrice, sumBase: p.sumBase, sumBaseWithVat: p.sumBaseWithVat, sumSale: p.sumSale }).toEqual({
        withVat: priced.basePriceWithVat,
        sale: priced.salePrice,
        sumBase: priced.sumBase,
        sumBaseWithVat: priced.sumBaseWithVat,
        sumSale: priced.sumSale,
      });
    }
    const bad = await one<{ totals: number; empty: number; markup: number }>(sql`select
      (select count(*)::int from orders o left join (select order_id, sum(sum_base) as b, sum(sum_base_with_vat) as v, sum(sum_sale) as s from order_positions group by order_id) p on p.order_id = o.id
        where (o.sum_base, o.sum_base_with_vat, o.sum_sale) is distinct from (p.b, p.v, p.s)) as totals,
      (select count(*)::int from orders o where not exists (select 1 from order_positions p where p.order_id = o.id)) as empty,
      (select count(*)::int from orders o join order_positions p on p.order_id = o.id where o.markup_bp is not null and p.markup_bp <> o.markup_bp) as markup`);
    expect(bad).toEqual({ totals: 0, empty: 0, markup: 0 });
    const prepayments = await rows<{ sumSale: number; bp: number; amount: number }>(
      sql`select sum_sale::float8 as "sumSale", prepayment_bp as bp, prepayment_amount::float8 as amount from orders`,
    );
    for (const p of prepayments) expect(p.amount).toBe(prepaymentAmount(p.sumSale, p.bp / 100));
    // what an order has paid is the sum of its payments, never in the future
    const unpaidBy = await one<{ mismatched: number; future: number; paid: number }>(sql`select
      (select count(*)::int from orders o where o.paid <> coalesce((select sum(amount) from payments p where p.order_id = o.id), 0)) as mismatched,
      (select count(*)::int from payments where paid_on > current_date + 1) as future,
      (select count(*)::int from payments) as paid`);
    expect(unpaidBy).toMatchObject({ mismatched: 0, future: 0 });
    expect(unpaidBy.paid).toBeGreaterThan(1000);
  });

  it('records every step of every order: from new along the state machine, by whom and when, ending in its status', async () => {
    const history = await rows<{
      orderId: number;
      from: OrderStatus | null;
      to: OrderStatus;
      at: string;
      byRole: string;
      reason: string | null;
      status: OrderStatus;
      createdAt: string;
    }>(sql`
      select h.order_id as "orderId", h.from_status as from, h.to_status as to, h.at::text as at, u.role as "byRole", h.reason, o.status, o.created_at::text as "createdAt"
      from order_status_history h join orders o on o.id = h.order_id join users u on u.id = h.by_id order by h.order_id, h.at, h.id`);
    const byOrder = new Map<number, typeof history>();
    for (const h of history) byOrder.set(h.orderId, [...(byOrder.get(h.orderId) ?? []), h]);
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from orders`)) as [{ n: number }];
    expect(byOrder.size).toBe(n);
    const roleOf: Record<string, string[]> = {
      agent: ['rep', 'wholesale'],
      operator: ['operator'],
      manager: ['chief', 'boss'],
      warehouse: ['employee'],
      courier: ['courier'],
      system: [],
    };
    for (const [, steps] of byOrder) {
      expect(steps[0]!.from).toBeNull();
      expect(steps[0]!.to).toBe('new');
      expect(steps[0]!.at).toBe(steps[0]!.createdAt);
      expect(steps.at(-1)!.to).toBe(steps[0]!.status);
      for (let i = 1; i < steps.length; i++) {
        const step = steps[i]!;
        expect(step.from).toBe(steps[i - 1]!.to);
        const actors = orderTransitions[step.from!][step.to] ?? [];
        expect(
          actors.flatMap((a) => roleOf[a]!),
          `${step.from} → ${step.to} by ${step.byRole}`,
        ).toContain(step.byRole);
        expect(new Date(step.at) > new Date(steps[i - 1]!.at)).toBe(true);
        expect(new Date(step.at) <= now).toBe(true);
        if (step.to === 'cancelled' && step.from !== 'new') expect(step.reason).toBeTruthy();
      }
    }
  });

  it('keeps the stock consistent: reserving orders hold their positions, shipped ones consumed them (less what came back), cancelled ones hold nothing', async () => {
    const bad = await one<{ counters: number; reserved: number; oversold: number; holding: number; shipped: number; cancelled: number }>(sql`
      with per_position as (
        select o.id, o.status, p.batch_id, sum(p.quantity)::int as quantity from orders o join order_positions p on p.order_id = o.id group by o.id, o.status, p.batch_id
      ), held as (
        select document_id::int as id, batch_id, status, sum(quantity)::int as quantity from reservations where document_type = 'order' group by document_id, batch_id, status
      ), active as (select batch_id, sum(quantity)::int as quantity from reservations where status = 'active' group by batch_id
      ), consumed as (select batch_id, sum(quantity)::int as quantity from reservations where status = 'consumed' group by batch_id
      ), written as (select batch_id, sum(quantity)::int as quantity from write_offs group by batch_id
      ), returned as (select order_id, batch_id, sum(quantity)::int as quantity from delivery_returns group by order_id, batch_id)
      select
        (select count(*)::int from batches where reserved < 0 or reserved > on_hand or on_hand < 0) as counters,
        (select count(*)::int from batches b left join active a on a.batch_id = b.id where b.reserved <> coalesce(a.quantity, 0)) as reserved,
        (select count(*)::int from batches b left join written w on w.batch_id = b.id left join consumed c on c.batch_id = b.id
          where b.on_hand + coalesce(w.quantity, 0) + coalesce(c.quantity, 0) > b.received_quantity) as oversold,
        (select count(*)::int from per_position p left join held h on h.id = p.id and h.batch_id = p.batch_id and h.status = 'active'
          where p.status in ('new', 'sent_for_review', 'in_processing', 'under_agreement', 'approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment')
            and p.quantity is distinct from h.quantity) as holding,
        (select count(*)::int from (select id, batch_id, quantity from per_position where status in ('shipped', 'delivered', 'completed')) p
          full join (select h.id, h.batch_id, h.quantity - coalesce(x.quantity, 0) as quantity from held h join orders o on o.id = h.id
            left join returned x on x.order_id = h.id and x.batch_id = h.batch_id where h.status = 'consumed' and o.status <> 'cancelled') c on c.id = p.id and c.batch_id = p.batch_id
          where coalesce(p.quantity, 0) <> coalesce(c.quantity, 0)) as shipped,
        (select count(*)::int from held h join orders o on o.id = h.id left join returned x on x.order_id = h.id and x.batch_id = h.batch_id
          where (o.status = 'cancelled' and not (h.status = 'released' or (h.status = 'consumed' and x.quantity = h.quantity)))
             or (o.status in ('shipped', 'delivered', 'completed') and h.status <> 'consumed')) as cancelled`);
    expect(bad).toEqual({ counters: 0, reserved: 0, oversold: 0, holding: 0, shipped: 0, cancelled: 0 });
    const stray = await one<{ n: number }>(
      sql`select count(*)::int as n from reservations r where r.document_type = 'order' and not exists (select 1 from orders o where o.id::text = r.document_id)`,
    );
    expect(stray.n).toBe(0);
  });

  it('pays completed orders in full and leaves debts on delivered ones', async () => {
    const s = await one<{ completedUnpaid: number; overpaid: number; debtors: number; partly: number; earlyPaid: number }>(sql`select
      count(*) filter (where status = 'completed' and paid <> sum_sale)::int as "completedUnpaid",
      count(*) filter (where paid > sum_sale)::int as overpaid,
      count(*) filter (where status = 'delivered' and paid < sum_sale)::int as debtors,
      count(*) filter (where status = 'delivered' and paid > 0 and paid < sum_sale)::int as partly,
      count(*) filter (where status in ('new', 'sent_for_review', 'in_processing', 'under_agreement', 'cancelled') and paid > 0)::int as "earlyPaid"
      from orders`);
    expect(s.completedUnpaid).toBe(0);
    expect(s.overpaid).toBe(0);
    expect(s.earlyPaid).toBe(0);
    expect(s.debtors).toBeGreaterThan(100);
    expect(s.partly).toBeGreaterThan(30);
    const ageing = await one<{ over60: number; under30: number }>(sql`select
      count(*) filter (where status = 'delivered' and paid < sum_sale and date < ${today}::date - 60)::int as over60,
      count(*) filter (where status = 'delivered' and paid < sum_sale and date >= ${today}::date - 30)::int as under30 from orders`);
    expect(ageing.over60).toBeGreaterThan(20);
    expect(ageing.under30).toBeGreaterThan(20);
  });

  it("puts the last three months' shipments into routed, priced deliveries whose statuses match their orders", async () => {
    const s = await one<{ n: number; first: string; multi: number; stops: number }>(sql`select count(*)::int as n, min(date)::text as first,
      count(*) filter (where (select count(*) from delivery_stops s where s.delivery_id = d.id) >= 2)::int as multi,
      (select count(*)::int from delivery_stops) as stops from deliveries d`);
    expect(s.n).toBeGreaterThan(100);
    expect(s.first >= '2026-08-20').toBe(true);
    // a delivery goes to one region: a far region's single order travels alone
    expect(s.multi / s.n).toBeGreaterThan(0.5);
    const mismatched = await one<{
      n: number;
    }>(sql`select count(*)::int as n from delivery_stops s join deliveries d on d.id = s.delivery_id join orders o on o.id = s.order_id
      where not case d.status
        when 'planned' then o.status = 'approved_for_shipment' and s.status = 'pending'
        when 'in_assembly' then o.status in ('in_assembly', 'assembled') and s.status = 'pending'
        when 'ready' then o.status = 'ready_for_shipment' and s.status = 'pending'
        when 'on_the_way' then o.status = 'shipped' and s.status = 'pending'
        else s.delivered_at is not null and s.proof_lat is not null and s.proof_distance_m <= 60 and not s.proof_far and s.delivered_by = d.courier_id and d.completed_at >= s.delivered_at and case s.status
          when 'refused' then o.status = 'cancelled' and s.refusal_reason = o.refusal_reason and s.recipient_name is null
            and not exists (select 1 from order_positions p where p.order_id = o.id
              and p.quantity <> (select sum(x.quantity) from delivery_returns x where x.stop_id = s.id and x.batch_id = p.batch_id))
          when 'partial' then o.status in ('delivered', 'completed') and s.recipient_name is not null and exists (select 1 from delivery_returns x where x.stop_id = s.id)
          else o.status in ('delivered', 'completed') and s.status = 'delivered' and s.recipient_name is not null and not exists (select 1 from delivery_returns x where x.stop_id = s.id) end end`);
    expect(mismatched.n).toBe(0);
    const outcomes = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from delivery_stops group by status`);
    expect(Object.fromEntries(outcomes.map((o) => [o.status, o.n > 0]))).toEqual({ pending: true, delivered: true, partial: true, refused: true });
    const unplaced = await one<{
      n: number;
    }>(sql`select count(*)::int as n from orders o where o.status in ('in_assembly', 'assembled', 'ready_for_shipment', 'shipped')
      and not exists (select 1 from delivery_stops s where s.order_id = o.id)`);
    expect(unplaced.n).toBe(0);
    // the distance is planRoute's from the warehouse over the stops, the cost deliveryCost's; cars carry what they can
    const sample = await rows<{
      id: number;
      distanceM: number;
      cost: number;
      boxCount: number;
      pricePerBox: number;
      pricePerKm: number;
      lat: number;
      lng: number;
    }>(sql`
      select d.id, d.distance_m as "distanceM", d.cost::float8 as cost, d.box_count as "boxCount", d.price_per_box::float8 as "pricePerBox", d.price_per_km::float8 as "pricePerKm", w.lat, w.lng
      from deliveries d join warehouses w on w.id = d.warehouse_id where d.id % 5 = 0`);
    for (const d of sample) {
      const stops = await rows<{ lat: number; lng: number }>(
        sql`select lat, lng from delivery_stops where delivery_id = ${d.id} and lat is not null order by sequence`,
      );
      expect(d.distanceM).toBe(Math.round(planRoute({ lat: d.lat, lng: d.lng }, stops).lengthM));
      expect(d.cost).toBe(deliveryCost(d));
    }
    const overloaded = await one<{ n: number }>(
      sql`select count(*)::int as n from deliveries d join cars c on c.id = d.car_id where d.box_count > c.capacity_boxes or d.weight_g > c.capacity_kg * 1000`,
    );
    expect(overloaded.n).toBe(0);
  });

  it("gives the courier today's deliveries in every active status, through the API", async () => {
    const courier = await userId('courier');
    const res = await t.app.inject({ method: 'GET', url: '/api/deliveries?tab=active&size=100', headers: authFor(t.app, { id: courier }) });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { status: string; date: string; courierId: number }[];
    expect(items.every((d) => d.courierId === courier)).toBe(true);
    expect(new Set(items.filter((d) => d.date === today).map((d) => d.status))).toEqual(new Set(['planned', 'in_assembly', 'ready', 'on_the_way']));
    const operator = await userId('operator');
    const [order] = await rows<{ id: number }>(sql`select id from orders where status = 'completed' order by id desc limit 1`);
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${order!.id}`, headers: authFor(t.app, { id: operator }) });
    expect(detail.statusCode).toBe(200);
    expect(
      detail
        .json()
        .history.map((h: { to: string }) => h.to)
        .at(-1),
    ).toBe('completed');
  });
});
