import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationSuggestedOrder } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { inDays, makeBatch, makeProducer, makeProduct, makeWarehouse } from '../../test/stock-fixtures.js';
import { orderStatusHistory } from '../orders/orders.table.js';
import { visitRemainders, visits } from './visits.table.js';

/**
 * /testOrder: the suggested order of an organization from its last two counts, by hand-made numbers.
 * Shelf counted on 1 Nov and on 15 Nov (14 days), an order shipped on 5 Nov in between:
 *
 *   product      1 Nov  shipped  15 Nov  sell-out            per day       suggested
 *   Нурофен        30      20       12   30 + 20 − 12 = 38   38/14 ≈ 2.71  38 − 12 = 26
 *   Аспирин        10       —       10   0                   0             0
 *   Цитрамон        4       —        —   4 (not counted: 0)  4/14          4
 *   Ксимелин        —      12        5   0 + 12 − 5 = 7      0.5           7 − 5 = 2   (no free stock: no price)
 *
 * Prices: base 1 000 sum (Нурофен: FEFO's first batch, not the dearer later one), 500 sum, 250 sum;
 * retail markup 20 %, VAT 12 %: 1 000 × 1.2 × 1.12 = 1 344 sum, 672 sum, 336 sum.
 * Sums: 26 × 1 344 = 34 944; 0; 4 × 336 = 1 344; total 36 288 sum.
 */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, rep: U, samarkandRep: U;
let shop: { id: number }, untouched: { id: number };
let nurofen: number, aspirin: number, citramon: number, ximelin: number;
let firstVisit: number, lastVisit: number;

const get = (url: string, user: { id: number }) => t.app.inject({ method: 'GET', url, headers: headers(t.app, user) });
const at = (iso: string) => new Date(iso);

async function countedVisit(organizationId: number, completedAt: string, counts: [productId: number, quantity: number][]) {
  const done = at(completedAt);
  const [row] = await t.db
    .insert(visits)
    .values({
      organizationId,
      representativeId: rep.id,
      status: 'completed',
      plannedStart: new Date(done.getTime() - 3_600_000),
      plannedEnd: done,
      startedAt: new Date(done.getTime() - 1_800_000),
      completedAt: done,
    })
    .returning({ id: visits.id });
  if (counts.length) await t.db.insert(visitRemainders).values(counts.map(([productId, quantity]) => ({ visitId: row!.id, productId, quantity })));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const samarkand = await place(t.db, 'SA', 'Samarqand shahri');
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  samarkandRep = await makeUser(t.db, 'rep', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, samarkandRep.id, samarkand);
  shop = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Счёт' }));
  untouched = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Без визитов' }));
  const producer = await makeProducer(t.db);
  const warehouse = await makeWarehouse(t.db);
  nurofen = (await makeProduct(t.db, { producerId: producer.id, name: 'Нурофен 200 мг' })).id;
  aspirin = (await makeProduct(t.db, { producerId: producer.id, name: 'Аспирин 500 мг' })).id;
  citramon = (await makeProduct(t.db, { producerId: producer.id, name: 'Цитрамон' })).id;
  ximelin = (await makeProduct(t.db, { producerId: producer.id, name: 'Ксимелин спрей' })).id;
  await makeBatch(t.db, { productId: nurofen, warehouseId: warehouse.id, expiryDate: inDays(200), onHand: 100, basePrice: 100_000 });
  await makeBatch(t.db, { productId: nurofen, warehouseId: warehouse.id, expiryDate: inDays(400), onHand: 100, basePrice: 150_000 });
  await makeBatch(t.db, { productId: aspirin, warehouseId: warehouse.id, expiryDate: inDays(300), onHand: 50, basePrice: 50_000 });
  await makeBatch(t.db, { productId: citramon, warehouseId: warehouse.id, expiryDate: inDays(300), onHand: 50, basePrice: 25_000 });

  // an older count that no longer counts (the last two do), then 1 Nov and 15 Nov
  await countedVisit(shop.id, '2026-10-01T08:00:00Z', [[nurofen, 99]]);
  firstVisit = await countedVisit(shop.id, '2026-11-01T08:00:00Z', [
    [nurofen, 30],
    [aspirin, 10],
    [citramon, 4],
  ]);
  // a completed visit without a count in between is no count
  await countedVisit(shop.id, '2026-11-08T08:00:00Z', []);
  lastVisit = await countedVisit(shop.id, '2026-11-15T08:00:00Z', [
    [nurofen, 12],
    [aspirin, 10],
    [ximelin, 5],
  ]);

  // delivered in between: an order of 20 Нурофен and 12 Ксимелин shipped on 5 Nov; another shipped after the last count does not count
  const order = async (lines: { productId: number; quantity: number }[], shippedAt: string) => {
    for (const l of lines)
      await makeBatch(t.db, { productId: l.productId, warehouseId: warehouse.id, expiryDate: inDays(500), onHand: l.quantity, basePrice: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: headers(t.app, admin),
      payload: { organizationId: shop.id, deliveryAddress: 'Chilonzor 1', positions: lines },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.db
      .insert(orderStatusHistory)
      .values({ orderId: res.json().id, fromStatus: 'ready_for_shipment', toStatus: 'shipped', at: at(shippedAt), byId: admin.id });
  };
  await order(
    [
      { productId: nurofen, quantity: 20 },
      { productId: ximelin, quantity: 12 },
    ],
    '2026-11-05T10:00:00Z',
  );
  await order([{ productId: aspirin, quantity: 7 }], '2026-11-16T10:00:00Z');
});
afterAll(() => t.close());

describe('GET /api/visits/suggested-order', () => {
  it('applies the visit rule to the last two counts and the deliveries in between, priced as a draft: the hand-made answers', async () => {
    const res = await get(`/api/visits/suggested-order?organizationId=${shop.id}`, rep);
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json() as OrganizationSuggestedOrder;
    expect(draft).toMatchObject({
      organizationId: shop.id,
      organizationName: 'Аптека Счёт',
      clientType: 'retail',
      previousCount: { visitId: firstVisit, countedAt: '2026-11-01T08:00:00Z' },
      lastCount: { visitId: lastVisit, countedAt: '2026-11-15T08:00:00Z' },
      days: 14,
    });
    const lines = draft.lines.map((l) => ({
      name: l.productName,
      previous: l.previousRemainder,
      delivered: l.delivered,
      current: l.currentRemainder,
      sellOut: l.sellOut,
      suggested: l.suggestedQuantity,
      price: l.price,
      sum: l.sum,
    }));
    expect(lines).toEqual([
      { name: 'Аспирин 500 мг', previous: 10, delivered: 0, current: 10, sellOut: 0, suggested: 0, price: 67_200, sum: 0 },
      { name: 'Ксимелин спрей', previous: 0, delivered: 12, current: 5, sellOut: 7, suggested: 2, price: null, sum: 0 },
      { name: 'Нурофен 200 мг', previous: 30, delivered: 20, current: 12, sellOut: 38, suggested: 26, price: 134_400, sum: 3_494_400 },
      { name: 'Цитрамон', previous: 4, delivered: 0, current: 0, sellOut: 4, suggested: 4, price: 33_600, sum: 134_400 },
    ]);
    expect(draft.lines.find((l) => l.productId === nurofen)!.sellOutPerDay).toBeCloseTo(38 / 14, 6);
    expect(draft.lines.find((l) => l.productId === ximelin)!.sellOutPerDay).toBe(0.5);
    expect(draft.total).toBe(3_628_800);
  });

  it('saves nothing: asking twice answers the same', async () => {
    const a = (await get(`/api/visits/suggested-order?organizationId=${shop.id}`, rep)).json();
    const b = (await get(`/api/visits/suggested-order?organizationId=${shop.id}`, rep)).json();
    expect(b).toEqual(a);
  });

  it('answers an empty draft for an organization never counted', async () => {
    const res = await get(`/api/visits/suggested-order?organizationId=${untouched.id}`, rep);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ previousCount: null, lastCount: null, days: null, lines: [], total: 0 });
  });

  it("is scoped to the organizations the viewer may see: another territory's rep gets 404", async () => {
    expect((await get(`/api/visits/suggested-order?organizationId=${shop.id}`, samarkandRep)).statusCode).toBe(404);
    expect((await get('/api/visits/suggested-order?organizationId=999999', admin)).statusCode).toBe(404);
  });

  it('needs orders.view', async () => {
    const courier = await makeUser(t.db, 'courier');
    expect((await get(`/api/visits/suggested-order?organizationId=${shop.id}`, courier)).statusCode).toBe(403);
  });
});
