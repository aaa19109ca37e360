import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { inDays, makeBatch, makeProducer, makeProduct, makeWarehouse } from '../../test/stock-fixtures.js';
import { organizations } from '../organizations/organizations.table.js';

/**
 * Issue 13, item 11: the visit's order tells its prices and totals (as an order from the visit would
 * price them), products of the same name are told apart by their producer wherever the visit lists
 * them, and a reservation taken from another warehouse because of the client's minimum shelf life
 * says so.
 */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, rep: U;
let pharmacy: { id: number }, picky: { id: number };
let azithroNobel: number, azithroPharmstandard: number;
let tashkent: { id: number; name: string }, samarkand: { id: number; name: string };

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers(t.app, user, 'en'), 'idempotency-key': `k-${Math.random()}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const position = { lat: 41.2856, lng: 69.2034, accuracy: 15, deviceTime: new Date().toISOString() };

async function visitInProgress(organizationId: number) {
  const now = Date.now();
  const res = await inject('POST', '/api/visits', rep, {
    organizationId,
    representativeId: rep.id,
    plannedStart: new Date(now - 600_000).toISOString(),
    plannedEnd: new Date(now + 3_000_000).toISOString(),
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  expect((await inject('POST', `/api/visits/${id}/start`, rep, { position })).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  pharmacy = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Шифо' }));
  picky = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Долгий срок' }));
  // this client takes only batches with at least 12 months of shelf life left
  await t.db.update(organizations).set({ minShelfLifeMonths: 12 }).where(eq(organizations.id, picky.id));
  // nine makers sell "Азитромицин 250 мг №6" in the demo: two here
  azithroNobel = (await makeProduct(t.db, { producerId: (await makeProducer(t.db, 'Nobel İlaç', 'TR')).id, name: 'Азитромицин 250 мг №6' })).id;
  azithroPharmstandard = (await makeProduct(t.db, { producerId: (await makeProducer(t.db, 'Фармстандарт', 'RU')).id, name: 'Азитромицин 250 мг №6' })).id;
  tashkent = await makeWarehouse(t.db, 'Склад Ташкент');
  samarkand = await makeWarehouse(t.db, 'Склад Самарканд');
  // Nobel: the nearer batch in Tashkent expires in 200 days, the later one is in Samarkand
  await makeBatch(t.db, { productId: azithroNobel, warehouseId: tashkent.id, expiryDate: inDays(200), onHand: 50, basePrice: 1_234_500 });
  await makeBatch(t.db, { productId: azithroNobel, warehouseId: samarkand.id, expiryDate: inDays(500), onHand: 50, basePrice: 1_300_000 });
  await makeBatch(t.db, { productId: azithroPharmstandard, warehouseId: tashkent.id, expiryDate: inDays(600), onHand: 50, basePrice: 987_650 });
});
afterAll(() => t.close());

interface VisitOrderAnswer {
  reservations: {
    productId: number;
    producerName: string;
    warehouseName: string;
    quantity: number;
    salePrice: number;
    sumSale: number;
    shelfLife: { minShelfLifeMonths: number; nearerWarehouseName: string } | null;
  }[];
  suggested: { productId: number; producerName: string }[];
  preOrders: { productId: number; producerName: string }[];
  sumSale: number;
}

describe('the visit order tells prices, producers and why a warehouse (issue 13)', () => {
  it('prices each reservation and the total exactly as the order from the visit is priced', async () => {
    const id = await visitInProgress(pharmacy.id);
    expect((await inject('POST', `/api/visits/${id}/reservations`, rep, { productId: azithroNobel, quantity: 3 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/visits/${id}/reservations`, rep, { productId: azithroPharmstandard, quantity: 2 })).statusCode).toBe(200);
    const order = (await inject('GET', `/api/visits/${id}/order`, rep)).json() as VisitOrderAnswer;
    expect(order.reservations).toHaveLength(2);
    for (const r of order.reservations) {
      expect(r.salePrice).toBeGreaterThan(0);
      expect(r.sumSale).toBe(r.salePrice * r.quantity);
    }
    expect(order.sumSale).toBe(order.reservations.reduce((s, r) => s + r.sumSale, 0));

    const created = await inject('POST', '/api/orders', rep, {
      organizationId: pharmacy.id,
      visitId: id,
      deliveryAddress: 'Chilonzor 1',
      positions: [
        { productId: azithroNobel, quantity: 3 },
        { productId: azithroPharmstandard, quantity: 2 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().sumSale).toBe(order.sumSale);
  });

  it('names the producer of every product the visit lists: reservations, pre-orders, suggested order, drugs and remainders', async () => {
    const id = await visitInProgress(pharmacy.id);
    expect(
      (
        await inject('PUT', `/api/visits/${id}/remainders`, rep, {
          items: [
            { productId: azithroNobel, quantity: 2 },
            { productId: azithroPharmstandard, quantity: 1 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject('POST', `/api/visits/${id}/reservations`, rep, { productId: azithroNobel, quantity: 1 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/visits/${id}/pre-orders`, rep, { productId: azithroPharmstandard, quantity: 1 })).statusCode).toBe(200);
    const order = (await inject('GET', `/api/visits/${id}/order`, rep)).json() as VisitOrderAnswer;
    const producers = { [azithroNobel]: 'Nobel İlaç', [azithroPharmstandard]: 'Фармстандарт' };
    for (const line of [...order.reservations, ...order.suggested, ...order.preOrders]) expect(line.producerName).toBe(producers[line.productId]);
    const visit = (await inject('GET', `/api/visits/${id}`, rep)).json() as { remainders: { productId: number; producerName: string }[] };
    expect(visit.remainders.map((r) => [r.productId, r.producerName])).toEqual(
      expect.arrayContaining([
        [azithroNobel, 'Nobel İlaç'],
        [azithroPharmstandard, 'Фармстандарт'],
      ]),
    );
  });

  it('says when the client’s minimum shelf life took the reservation to another warehouse', async () => {
    const id = await visitInProgress(picky.id);
    expect((await inject('POST', `/api/visits/${id}/reservations`, rep, { productId: azithroNobel, quantity: 2 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/visits/${id}/reservations`, rep, { productId: azithroPharmstandard, quantity: 2 })).statusCode).toBe(200);
    const order = (await inject('GET', `/api/visits/${id}/order`, rep)).json() as VisitOrderAnswer;
    const nobel = order.reservations.find((r) => r.productId === azithroNobel)!;
    expect(nobel.warehouseName).toBe(samarkand.name);
    expect(nobel.shelfLife).toEqual({ minShelfLifeMonths: 12, nearerWarehouseName: tashkent.name });
    // the nearest batch itself met the minimum: nothing to explain
    expect(order.reservations.find((r) => r.productId === azithroPharmstandard)!.shelfLife).toBeNull();

    // a client without a minimum takes the nearer batch, with nothing to explain
    const plain = await visitInProgress(pharmacy.id);
    const plainOrder = (await inject('POST', `/api/visits/${plain}/reservations`, rep, { productId: azithroNobel, quantity: 1 })).json() as VisitOrderAnswer;
    expect(plainOrder.reservations[0]).toMatchObject({ warehouseName: tashkent.name, shelfLife: null });
  });
});
