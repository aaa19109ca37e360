import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { orderMoveByDelivery, orderStatuses, orderTransitions, pricePosition, prepaymentAmount, roleCanTransitionOrder, type Role } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { orderPeople, orderStock, shipThroughDelivery } from '../../test/order-fixtures.js';
import { batchRow, freeOf, inDays, makeBatch, makeProduct } from '../../test/stock-fixtures.js';
import { orders } from './orders.table.js';
import { reservations } from '../stock/reservations.table.js';
import { reserve } from '../stock/reservations.service.js';
import { loadActor } from '../users/users.service.js';
import { deliveredBetween } from '../visits/visit-order.service.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, chief: U, rep: U, rep2: U, otherChief: U, rep3: U, employee: U;
let pharmacy: { id: number }, blocked: { id: number };
let producerId: number, warehouseId: number;
let nurofen: number, aspirin: number, citramon: number;
let soonBatch: number, laterBatch: number;

const inject = (method: 'GET' | 'POST', url: string, user: { id: number }, payload?: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers(t.app, user), ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
const body = (positions: { productId: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  organizationId: pharmacy.id,
  deliveryAddress: "Bunyodkor ko'chasi, 12",
  positions,
  ...extra,
});
const create = (positions: { productId: number; quantity: number }[], user = rep, extra: Record<string, unknown> = {}, key?: string) =>
  inject('POST', '/api/orders', user, body(positions, extra), key ? { 'idempotency-key': key } : {});
const move = (id: number, user: { id: number }, to: string, reason?: string) =>
  inject('POST', `/api/orders/${id}/move`, user, reason === undefined ? { to } : { to, reason });
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  ({ admin, operator, chief, rep, rep2, otherChief, rep3, employee } = await orderPeople(t.db));
  for (const u of [rep, rep2, rep3]) await assignTerritory(t.db, u.id, chilonzor);
  pharmacy = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Шифо' }));
  blocked = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Должник' }));
  expect((await inject('POST', `/api/organizations/${blocked.id}/block`, admin, { reason: 'Долг за три месяца' })).statusCode).toBe(200);
  ({ producerId, warehouseId, nurofen, aspirin, citramon, soonBatch, laterBatch } = await orderStock(t.db, {
    nurofenSoon: 20,
    nurofenLater: 30,
    aspirin: 5,
    citramon: 100_000,
  }));
});
afterAll(() => t.close());

interface Position {
  batchId: number;
  quantity: number;
  basePrice: number;
  basePriceWithVat: number;
  markupPercent: number;
  vatPercent: number;
  salePrice: number;
  sumBaseWithVat: number;
  sumSale: number;
}

describe('creating an order', () => {
  it('reserves by FEFO across two batches, prices each batch, and the totals are the sums of the positions to the tiyin', async () => {
    const res = await create(
      [
        { productId: nurofen, quantity: 25 },
        { productId: aspirin, quantity: 3 },
      ],
      rep,
      { prepaymentPercent: 30 },
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ status: 'new', organizationId: pharmacy.id, agentId: rep.id, operatorId: null, prepaymentPercent: 30, vatPercent: 12 });
    expect(order.number).toMatch(/^\d{6}$/);
    const nurofenLines = order.positions.filter((p: { productId: number }) => p.productId === nurofen) as Position[];
    expect(nurofenLines.map((p) => [p.batchId, p.quantity])).toEqual([
      [soonBatch, 20],
      [laterBatch, 5],
    ]);
    expect(nurofenLines.map((p) => p.basePrice)).toEqual([1_234_567, 987_655]);
    for (const p of order.positions as Position[]) {
      const priced = pricePosition({ basePrice: p.basePrice, quantity: p.quantity, markupPercent: p.markupPercent, vatPercent: p.vatPercent });
      expect(p).toMatchObject({
        basePriceWithVat: priced.basePriceWithVat,
        salePrice: priced.salePrice,
        sumBaseWithVat: priced.sumBaseWithVat,
        sumSale: priced.sumSale,
      });
      expect(p.sumSale).toBe(p.salePrice * p.quantity);
    }
    const sumSale = (order.positions as Position[]).reduce((s, p) => s + p.sumSale, 0);
    const sumBaseWithVat = (order.positions as Position[]).reduce((s, p) => s + p.sumBaseWithVat, 0);
    expect(order.sumSale).toBe(sumSale);
    expect(order.sumBaseWithVat).toBe(sumBaseWithVat);
    expect(order.prepaymentAmount).toBe(prepaymentAmount(sumSale, 30));
    expect(order.history).toEqual([expect.objectContaining({ from: null, to: 'new', byName: rep.fullName })]);
    expect(await freeOf(t.db, nurofen)).toBe(25);
    expect(await freeOf(t.db, aspirin)).toBe(2);
    // the list shows the same totals
    const list = (await inject('GET', `/api/orders?organizationId=${pharmacy.id}`, rep)).json();
    expect(list.items.find((o: { id: number }) => o.id === order.id)).toMatchObject({ sumSale, sumBaseWithVat, number: order.number });
    // clean up: the rep withdraws the new order (no reason needed), which gives the stock back
    expect((await move(order.id, rep, 'cancelled')).statusCode).toBe(200);
    expect(await freeOf(t.db, nurofen)).toBe(50);
    expect(await freeOf(t.db, aspirin)).toBe(5);
  });

  it('numbers orders sequentially and never reuses a number', async () => {
    const a = (await create([{ productId: citramon, quantity: 1 }])).json();
    await create([{ productId: aspirin, quantity: 999 }]); // refused: burns no visible number but never reuses one
    const b = (await create([{ productId: citramon, quantity: 1 }])).json();
    expect(Number(b.number)).toBeGreaterThan(Number(a.number));
  });

  it('refuses a product twice, a blocked organization and more than the free stock — creating nothing', async () => {
    const before = await orderCount();
    const twice = await create([
      { productId: citramon, quantity: 1 },
      { productId: citramon, quantity: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ positions: 'A product cannot be added twice' });

    const blockedRes = await inject('POST', '/api/orders', rep, { ...body([{ productId: citramon, quantity: 1 }]), organizationId: blocked.id });
    expect(blockedRes.statusCode).toBe(409);
    expect(blockedRes.json().code).toBe('ORGANIZATION_BLOCKED');

    const freeCitramon = await freeOf(t.db, citramon);
    const tooMuch = await create([
      { productId: citramon, quantity: 10 },
      { productId: aspirin, quantity: 6 },
    ]);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', fields: { 'positions.1.quantity': expect.any(String) } });
    // all or nothing: the first line's reservation was rolled back too
    expect(await freeOf(t.db, citramon)).toBe(freeCitramon);
    expect(await orderCount()).toBe(before);
  });

  it('an organization outside the rep’s territories is not found', async () => {
    const tashkentOther = await place(t.db, 'TK', 'Yunusobod');
    const far = await createOrganization(t.app, admin, organizationBody(tashkentOther));
    const res = await inject('POST', '/api/orders', rep, { ...body([{ productId: citramon, quantity: 1 }]), organizationId: far.id });
    expect(res.statusCode).toBe(404);
  });
});

describe('an order taken on a visit', () => {
  const position = { lat: 41.2856, lng: 69.2034, accuracy: 15, deviceTime: new Date().toISOString() };
  async function visitInProgress(user: U) {
    const start = new Date();
    const res = await inject('POST', '/api/visits', user, {
      organizationId: pharmacy.id,
      representativeId: user.id,
      plannedStart: new Date(start.getTime() - 3_600_000).toISOString(),
      plannedEnd: start.toISOString(),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect((await inject('POST', `/api/visits/${id}/start`, user, { position })).statusCode).toBe(200);
    return id;
  }

  it("replaces the visit's holds of the ordered products by the order's reservations; other holds stay", async () => {
    const visitId = await visitInProgress(rep);
    const free = await freeOf(t.db, nurofen);
    expect((await inject('POST', `/api/visits/${visitId}/reservations`, rep, { productId: nurofen, quantity: 10 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/visits/${visitId}/reservations`, rep, { productId: aspirin, quantity: 1 })).statusCode).toBe(200);
    expect(await freeOf(t.db, nurofen)).toBe(free - 10);
    const res = await create([{ productId: nurofen, quantity: 12 }], rep, { visitId });
    expect(res.statusCode).toBe(201);
    expect(res.json().visitId).toBe(visitId);
    // the 10 held on the visit became part of the order's 12: not 22 taken from stock
    expect(await freeOf(t.db, nurofen)).toBe(free - 12);
    const held = (await inject('GET', `/api/visits/${visitId}/order`, rep)).json().reservations as { productId: number; quantity: number }[];
    expect(held.map((r) => [r.productId, r.quantity])).toEqual([[aspirin, 1]]);
    // another rep cannot attach an order to this visit
    const foreign = await create([{ productId: citramon, quantity: 1 }], rep2, { visitId });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe('ORDER_VISIT_NOT_OWN');
    expect((await move(res.json().id, rep, 'cancelled')).statusCode).toBe(200);
  });
});

// The concurrency tests below prove their point on PostgreSQL (TEST_DB=postgres); the embedded PGlite
// runs one transaction at a time, where they pass trivially.
describe('idempotent creation', () => {
  it('a sequential retry with the same key answers the same order with 200, never a second one', async () => {
    const before = await orderCount();
    const first = await create([{ productId: citramon, quantity: 2 }], rep, {}, 'retry-key-0001');
    expect(first.statusCode).toBe(201);
    const second = await create([{ productId: citramon, quantity: 2 }], rep, {}, 'retry-key-0001');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before + 1);
    // the key is the user's own: another rep's same key makes their own order
    const other = await create([{ productId: citramon, quantity: 2 }], rep2, {}, 'retry-key-0001');
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
  });

  it('concurrent retries with the same key create exactly one order', async () => {
    const before = await orderCount();
    const free = await freeOf(t.db, citramon);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create([{ productId: citramon, quantity: 3 }], rep, {}, 'concurrent-key-42')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await freeOf(t.db, citramon)).toBe(free - 3);
  });

  it('a key reused with a different body is refused with 422, on a later retry and between concurrent requests', async () => {
    const before = await orderCount();
    const first = await create([{ productId: citramon, quantity: 2 }], rep, {}, 'reused-key-0001');
    expect(first.statusCode).toBe(201);
    // the same body with its keys in another order is the same request
    const reordered = await inject(
      'POST',
      '/api/orders',
      rep,
      { positions: [{ quantity: 2, productId: citramon }], deliveryAddress: "Bunyodkor ko'chasi, 12", organizationId: pharmacy.id },
      { 'idempotency-key': 'reused-key-0001' },
    );
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().id).toBe(first.json().id);
    const later = await inject('POST', '/api/orders', rep, body([{ productId: citramon, quantity: 5 }]), {
      'idempotency-key': 'reused-key-0001',
      'accept-language': 'ru',
    });
    expect(later.statusCode).toBe(422);
    expect(later.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringContaining('Idempotency-Key') });
    expect(await orderCount()).toBe(before + 1);

    const free = await freeOf(t.db, citramon);
    const racing = await Promise.all([1, 2, 3, 4].map((quantity) => create([{ productId: citramon, quantity }], rep, {}, 'reused-key-race')));
    const codes = racing.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422]);
    expect(racing.filter((a) => a.statusCode === 422).every((a) => a.json().code === 'IDEMPOTENCY_KEY_REUSED')).toBe(true);
    const made = racing.find((a) => a.statusCode === 201)!.json();
    expect(await orderCount()).toBe(before + 2);
    expect(await freeOf(t.db, citramon)).toBe(free - made.positions[0].quantity);
  });

  it('refuses a malformed key', async () => {
    const res = await create([{ productId: citramon, quantity: 1 }], rep, {}, 'short');
    expect(res.statusCode).toBe(400);
  });
});

describe('concurrent orders', () => {
  it('never oversell: of many orders for the last units, only those the stock covers succeed', async () => {
    const scarce = (await makeProduct(t.db, { producerId, name: 'Дефицитин' })).id;
    const a = (await makeBatch(t.db, { productId: scarce, warehouseId, expiryDate: inDays(200), onHand: 5 })).id;
    const b = (await makeBatch(t.db, { productId: scarce, warehouseId, expiryDate: inDays(300), onHand: 5 })).id;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create([{ productId: scarce, quantity: 3 }], i % 2 ? rep : rep2)));
    const ok = answers.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expect(r.json().code).toBe('INSUFFICIENT_STOCK');
    const [ba, bb] = [await batchRow(t.db, a), await batchRow(t.db, b)];
    expect(ba.reserved + bb.reserved).toBe(9);
    expect(ba.reserved).toBeLessThanOrEqual(ba.onHand);
    expect(bb.reserved).toBeLessThanOrEqual(bb.onHand);
    expect(ok.reduce((s, r) => s + (r.json().positions as Position[]).reduce((q, p) => q + p.quantity, 0), 0)).toBe(9);
  });
});

describe('concurrent orders of the same products in opposite orders', () => {
  it('all succeed: batches are locked product by product in id order, so they never deadlock', async () => {
    const x = (await makeProduct(t.db, { producerId, name: 'Альфа' })).id;
    const y = (await makeProduct(t.db, { producerId, name: 'Бета' })).id;
    await makeBatch(t.db, { productId: x, warehouseId, expiryDate: inDays(300), onHand: 100 });
    await makeBatch(t.db, { productId: y, warehouseId, expiryDate: inDays(300), onHand: 100 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(
          i % 2
            ? [
                { productId: x, quantity: 2 },
                { productId: y, quantity: 3 },
              ]
            : [
                { productId: y, quantity: 3 },
                { productId: x, quantity: 2 },
              ],
          i % 2 ? rep : rep2,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(await freeOf(t.db, x)).toBe(100 - 16);
    expect(await freeOf(t.db, y)).toBe(100 - 24);
  });
});

describe("an order's reservations are its lines' (issue 13)", () => {
  const active = async (orderId: number) =>
    t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.documentType, 'order'), eq(reservations.documentId, String(orderId)), eq(reservations.status, 'active')));

  it("nobody reserves or releases against an order around it: not a rep against another region's order they cannot see, not its own agent", async () => {
    const theirs = (await create([{ productId: citramon, quantity: 2 }], rep3)).json();
    expect((await inject('GET', `/api/orders/${theirs.id}`, rep)).statusCode).toBe(404);
    const free = await freeOf(t.db, aspirin);
    const reserved = await inject('POST', '/api/reservations', rep, { productId: aspirin, quantity: 3, documentType: 'order', documentId: String(theirs.id) });
    expect(reserved.statusCode).toBe(404);
    expect(await freeOf(t.db, aspirin)).toBe(free);
    // nor free the stock an order holds: the order's own moves and edits do that
    const [line] = await active(theirs.id);
    for (const [url, payload] of [
      ['/api/reservations/release', { documentType: 'order', documentId: String(theirs.id) }],
      [`/api/reservations/${line!.id}/release`, {}],
    ] as const) {
      for (const user of [rep, rep3, operator]) expect((await inject('POST', url, user, payload)).statusCode, `${url} as ${user.role}`).toBe(404);
    }
    expect(await active(theirs.id)).toHaveLength(1);
  });

  it("shipping consumes only the reservations of the order's own positions; anything else on its document goes back to stock", async () => {
    const id = (await create([{ productId: citramon, quantity: 2 }])).json().id as number;
    const strayProduct = (await makeProduct(t.db, { producerId, name: 'Посторонний' })).id;
    const strayBatch = (await makeBatch(t.db, { productId: strayProduct, warehouseId, expiryDate: inDays(300), onHand: 10 })).id;
    // a reservation made against the order before its document was bound (as the probe did through the old route)
    await reserve(t.db, (await loadActor(t.db, rep3.id))!, {
      productId: strayProduct,
      quantity: 3,
      documentType: 'order',
      documentId: String(id),
      minShelfLifeDays: 0,
    });
    expect(await batchRow(t.db, strayBatch)).toMatchObject({ onHand: 10, reserved: 3 });
    expect((await move(id, rep, 'sent_for_review')).statusCode).toBe(200);
    expect((await move(id, operator, 'approved_for_shipment')).statusCode).toBe(200);
    await shipThroughDelivery(t.app, { operator, employee }, [id], warehouseId);
    // the stray units never left the warehouse: on hand as before, no longer held
    expect(await batchRow(t.db, strayBatch)).toMatchObject({ onHand: 10, reserved: 0 });
    const closed = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.documentType, 'order'), eq(reservations.documentId, String(id))));
    expect(closed.filter((r) => r.productId === strayProduct).map((r) => [r.status, r.closeReason])).toEqual([['released', 'cancelled']]);
    expect(closed.filter((r) => r.productId === citramon).every((r) => r.status === 'consumed')).toBe(true);
  });
});

describe('the status life cycle', () => {
  it('every pair of statuses for the agent, the operator, a manager and the warehouse: allowed moves succeed, others 403/409', async () => {
    const id = (await create([{ productId: citramon, quantity: 1 }])).json().id as number;
    const roles: [Role, U][] = [
      ['rep', rep],
      ['operator', operator],
      ['chief', chief],
      ['employee', employee],
    ];
    const failures: string[] = [];
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        for (const [role, user] of roles) {
          await t.db.update(orders).set({ status: from }).where(eq(orders.id, id));
          const res = await move(id, user, to, 'Причина');
          // the warehouse's moves are made by the order's delivery, not on the order (decision 020)
          const expected = roleCanTransitionOrder(role, from, to) ? (orderMoveByDelivery(from, to) ? 409 : 200) : orderTransitions[from][to] ? 403 : 409;
          if (res.statusCode !== expected) failures.push(`${role} ${from}→${to}: ${res.statusCode} (expected ${expected})`);
          else if (expected === 200 && res.json().status !== to) failures.push(`${role} ${from}→${to}: status ${res.json().status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000); // 13 × 13 × 4 requests

  it('a refusal of shipment needs a reason; the rep withdraws a new order without one', async () => {
    const id = (await create([{ productId: citramon, quantity: 1 }])).json().id as number;
    expect((await move(id, rep, 'sent_for_review')).statusCode).toBe(200);
    const noReason = await move(id, operator, 'cancelled');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'Give a reason' });
    const blank = await move(id, operator, 'cancelled', '   ');
    expect(blank.statusCode).toBe(400);
    const refused = await move(id, operator, 'cancelled', 'Нет предоплаты');
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'cancelled', refusalReason: 'Нет предоплаты' });
    const fresh = (await create([{ productId: citramon, quantity: 1 }])).json().id as number;
    expect((await move(fresh, rep, 'cancelled')).statusCode).toBe(200);
  });

  it('cancelling releases the reservations; the operator is set on their first move; every step is in the history', async () => {
    const free = await freeOf(t.db, aspirin);
    const created = (await create([{ productId: aspirin, quantity: 4 }])).json();
    expect(await freeOf(t.db, aspirin)).toBe(free - 4);
    expect((await move(created.id, operator, 'in_processing')).json().operatorId).toBe(operator.id);
    const cancelled = (await move(created.id, operator, 'cancelled', 'Клиент отказался')).json();
    expect(await freeOf(t.db, aspirin)).toBe(free);
    expect(cancelled.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'new'],
      ['new', 'in_processing'],
      ['in_processing', 'cancelled'],
    ]);
    expect(cancelled.history[2]).toMatchObject({ byName: operator.fullName, reason: 'Клиент отказался' });
    const audit = (await inject('GET', `/api/audit?entity=order&entityId=${created.id}`, admin)).json();
    expect(audit.items.map((a: { action: string; actorId: number }) => [a.action, a.actorId])).toEqual([
      ['move', operator.id],
      ['move', operator.id],
      ['create', rep.id],
    ]);
    expect(audit.items[0].changes).toMatchObject({ status: { from: 'in_processing', to: 'cancelled' } });
    // a second move from a final status conflicts
    expect((await move(created.id, operator, 'in_processing')).statusCode).toBe(409);
  });

  it('shipping consumes the reservations: the stock leaves the warehouse', async () => {
    const scarce = (await makeProduct(t.db, { producerId, name: 'Отгрузин' })).id;
    const batch = (await makeBatch(t.db, { productId: scarce, warehouseId, expiryDate: inDays(300), onHand: 10 })).id;
    const id = (await create([{ productId: scarce, quantity: 4 }])).json().id as number;
    const path: [U, string][] = [
      [rep, 'sent_for_review'],
      [operator, 'approved_for_shipment'],
    ];
    const beforeShipping = new Date();
    for (const [user, to] of path) expect((await move(id, user, to)).statusCode, to).toBe(200);
    await shipThroughDelivery(t.app, { operator, employee }, [id], warehouseId);
    expect((await inject('GET', `/api/orders/${id}`, operator)).json().status).toBe('shipped');
    expect(await batchRow(t.db, batch)).toMatchObject({ onHand: 6, reserved: 0 });
    // the visit's suggested order counts it as delivered to the organization from the moment it shipped
    const after = new Date(Date.now() + 1000);
    expect((await deliveredBetween(t.db, pharmacy.id, beforeShipping, after)).get(scarce)).toBe(4);
    expect((await deliveredBetween(t.db, pharmacy.id, new Date(beforeShipping.getTime() - 86_400_000), beforeShipping)).get(scarce)).toBeUndefined();
    expect((await deliveredBetween(t.db, blocked.id, beforeShipping, after)).size).toBe(0);
  });

  it("a part's move needs its right too: the warehouse without logistics.edit cannot assemble", async () => {
    const id = (await create([{ productId: citramon, quantity: 1 }])).json().id as number;
    expect((await move(id, rep, 'sent_for_review')).statusCode).toBe(200);
    expect((await move(id, operator, 'approved_for_shipment')).statusCode).toBe(200);
    const rights = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: headers(t.app, admin) })).json() as {
      role: string;
      scope: string;
      grants: string[];
    }[];
    const warehouse = rights.find((r) => r.role === 'employee')!;
    const put = (grants: string[]) =>
      t.app.inject({ method: 'PUT', url: '/api/roles/employee', headers: headers(t.app, admin), payload: { scope: warehouse.scope, grants } });
    expect((await put(warehouse.grants.filter((g) => g !== 'logistics.edit'))).statusCode).toBe(200);
    try {
      const refused = await move(id, employee, 'in_assembly');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ORDER_MOVE_NOT_ALLOWED');
    } finally {
      expect((await put(warehouse.grants)).statusCode).toBe(200);
    }
    // nor take the order's delivery into assembly
    const delivery = await t.app.inject({
      method: 'POST',
      url: '/api/deliveries',
      headers: headers(t.app, operator),
      payload: { orderIds: [id], date: inDays(0), type: 'pickup', address: 'Самовывоз', warehouseId, boxCount: 1, pricePerBox: 0 },
    });
    expect(delivery.statusCode).toBe(201);
    const assemble = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/deliveries/${delivery.json().id}/warehouse-step`,
        headers: headers(t.app, employee),
        payload: { step: 'assemble' },
      });
    expect((await put(warehouse.grants.filter((g) => g !== 'logistics.edit'))).statusCode).toBe(200);
    try {
      expect((await assemble()).statusCode).toBe(403);
    } finally {
      expect((await put(warehouse.grants)).statusCode).toBe(200);
    }
    expect((await assemble()).statusCode).toBe(200);
    expect((await inject('GET', `/api/orders/${id}`, operator)).json().status).toBe('in_assembly');
  });

  it('of two concurrent moves from the same status one wins, the other conflicts', async () => {
    const id = (await create([{ productId: citramon, quantity: 1 }])).json().id as number;
    const answers = await Promise.all([move(id, operator, 'in_processing'), move(id, operator, 'sent_for_review')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = (await inject('GET', `/api/orders/${id}`, operator)).json().history;
    expect(history).toHaveLength(2);
  });
});

describe("the operator's changes", () => {
  const put = (url: string, user: { id: number }, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: headers(t.app, user), payload: payload as object });

  it('the operator changes the date and replaces the counterparty of an editable order; nobody else, and not after approval', async () => {
    const id = (await create([{ productId: citramon, quantity: 1 }])).json().id as number;
    const dated = await put(`/api/orders/${id}/date`, operator, { date: inDays(-3) });
    expect(dated.statusCode).toBe(200);
    expect(dated.json()).toMatchObject({ date: inDays(-3), operatorId: operator.id });
    expect((await put(`/api/orders/${id}/date`, rep, { date: inDays(-1) })).statusCode).toBe(403);
    expect((await put(`/api/orders/${id}/date`, operator, { date: 'yesterday' })).statusCode).toBe(400);

    const other = await createOrganization(t.app, admin, organizationBody(await place(t.db, 'TK', 'Chilonzor'), { name: 'Аптека Новая' }));
    const replaced = await put(`/api/orders/${id}/counterparty`, operator, { organizationId: other.id });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ organizationId: other.id, organizationName: 'Аптека Новая' });
    const toBlocked = await put(`/api/orders/${id}/counterparty`, operator, { organizationId: blocked.id });
    expect(toBlocked.statusCode).toBe(409);
    expect(toBlocked.json().code).toBe('ORGANIZATION_BLOCKED');
    expect((await put(`/api/orders/${id}/counterparty`, operator, { organizationId: 999_999 })).statusCode).toBe(404);

    expect((await move(id, operator, 'in_processing')).statusCode).toBe(200);
    expect((await move(id, operator, 'approved_for_shipment')).statusCode).toBe(200);
    const late = await put(`/api/orders/${id}/date`, operator, { date: inDays(0) });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ORDER_NOT_EDITABLE');
    const audit = (await inject('GET', `/api/audit?entity=order&entityId=${id}`, admin)).json();
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual(['move', 'move', 'replaceCounterparty', 'changeDate', 'create']);
  });
});

describe('scope', () => {
  it('a rep sees only their own orders; a chief their team’s; the operator all', async () => {
    const mine = (await create([{ productId: citramon, quantity: 1 }], rep)).json().id as number;
    const colleague = (await create([{ productId: citramon, quantity: 1 }], rep2)).json().id as number;
    const stranger = (await create([{ productId: citramon, quantity: 1 }], rep3)).json().id as number;
    const ids = async (user: U) => {
      const res = await inject('GET', '/api/orders?size=100&sort=-createdAt', user);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: number; agentId: number }[]).map((o) => o.id);
    };
    const repIds = await ids(rep);
    expect(repIds).toContain(mine);
    expect(repIds).not.toContain(colleague);
    expect((await inject('GET', `/api/orders/${colleague}`, rep)).statusCode).toBe(404);
    expect((await move(colleague, rep, 'sent_for_review')).statusCode).toBe(404);
    const chiefIds = await ids(chief);
    expect(chiefIds).toEqual(expect.arrayContaining([mine, colleague]));
    expect(chiefIds).not.toContain(stranger);
    expect((await inject('GET', `/api/orders/${mine}`, otherChief)).statusCode).toBe(404);
    expect(await ids(operator)).toEqual(expect.arrayContaining([mine, colleague, stranger]));
    // filters: agent and status
    const filtered = (await inject('GET', `/api/orders?agentId=${rep2.id}&status=new`, operator)).json();
    expect(filtered.items.every((o: { agentId: number; status: string }) => o.agentId === rep2.id && o.status === 'new')).toBe(true);
    expect(filtered.items.map((o: { id: number }) => o.id)).toContain(colleague);
  });

  it('filters by date, region and client type, sorts, and pages by 25/50/100', async () => {
    const samarkand = await place(t.db, 'SA', 'Urgut');
    const far = await createOrganization(t.app, admin, organizationBody(samarkand, { name: 'Аптека Самарканд' }));
    const farOrder = (
      await inject('POST', '/api/orders', admin, { ...body([{ productId: citramon, quantity: 1 }]), organizationId: far.id, clientType: 'wholesale' })
    ).json();
    expect(farOrder.clientType).toBe('wholesale');
    const region = (await inject('GET', `/api/orders?regionId=${samarkand.regionId}`, operator)).json();
    expect(region.items.map((o: { id: number }) => o.id)).toEqual([farOrder.id]);
    const wholesale = (await inject('GET', '/api/orders?clientType=wholesale&size=100', operator)).json();
    expect(wholesale.items.every((o: { clientType: string }) => o.clientType === 'wholesale')).toBe(true);
    expect(wholesale.items.map((o: { id: number }) => o.id)).toContain(farOrder.id);
    const future = (await inject('GET', `/api/orders?from=${inDays(1)}`, operator)).json();
    expect(future.total).toBe(0);
    expect((await inject('GET', `/api/orders?from=${inDays(1)}&to=${inDays(0)}`, operator)).statusCode).toBe(400);
    // more than one page of 25
    for (let n = (await inject('GET', '/api/orders', operator)).json().total; n <= 25; n++)
      expect((await create([{ productId: citramon, quantity: 1 }])).statusCode).toBe(201);
    const all = (await inject('GET', '/api/orders?size=25&sort=number', operator)).json();
    expect(all.total).toBeGreaterThan(25);
    expect(all.items).toHaveLength(25);
    const numbers = all.items.map((o: { number: string }) => Number(o.number));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const page2 = (await inject('GET', '/api/orders?size=25&page=2&sort=number', operator)).json();
    expect(Number(page2.items[0].number)).toBeGreaterThan(numbers[24]);
  });

  it('a courier has no access to orders; a bad page size is a validation error', async () => {
    const courier = await makeUser(t.db, 'courier');
    expect((await inject('GET', '/api/orders', courier)).statusCode).toBe(403);
    expect((await inject('GET', '/api/orders?size=30', operator)).statusCode).toBe(400);
  });
});

describe('searching the list', () => {
  it('finds orders by the organization name and by the order number', async () => {
    const order = (await create([{ productId: citramon, quantity: 1 }])).json();
    const byName = (await inject('GET', '/api/orders?q=%D0%A8%D0%B8%D1%84%D0%BE', operator)).json();
    expect(byName.items.map((o: { id: number }) => o.id)).toContain(order.id);
    expect(byName.items.every((o: { organizationName: string }) => o.organizationName === 'Аптека Шифо')).toBe(true);
    const byNumber = (await inject('GET', `/api/orders?q=${order.number}`, operator)).json();
    expect(byNumber.items.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect(
      (await inject('GET', '/api/orders?q=%D0%94%D0%BE%D0%BB%D0%B6%D0%BD%D0%B8%D0%BA', operator)).json().items.some((o: { id: number }) => o.id === order.id),
    ).toBe(false);
  });
});
