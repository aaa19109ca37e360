import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { freeOf, inDays, makeBatch, makeProducer, makeProduct, makeWarehouse } from '../../test/stock-fixtures.js';
import { organizations } from '../organizations/organizations.table.js';
import { reservations } from '../stock/reservations.table.js';

/** Reservations, pre-orders and the suggested order during a visit; holds of 6 hours here (VISIT_HOLD_HOURS), 150 units a rep at most. */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep: U;
let pharmacy: { id: number }, picky: { id: number }, blocked: { id: number };
let nurofen: number, aspirin: number, citramon: number, noStock: number;
let soonBatch: number, laterBatch: number;
let producerName = '';

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const position = { lat: 41.2856, lng: 69.2034, accuracy: 15, deviceTime: new Date().toISOString() };
const day = (n: number) => new Date(Date.now() + n * 86_400_000);

/** A visit of the rep at the organization, planned `daysAgo` days back, started (in progress). */
async function visitInProgress(organizationId: number, daysAgo = 0) {
  const start = day(-daysAgo);
  const res = await inject('POST', '/api/visits', rep, {
    organizationId,
    representativeId: rep.id,
    plannedStart: new Date(start.getTime() - 3_600_000).toISOString(),
    plannedEnd: start.toISOString(),
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  expect((await inject('POST', `/api/visits/${id}/start`, rep, { position })).statusCode).toBe(200);
  return id;
}
const reserve = (id: number, productId: number, quantity: number, user = rep, lng = 'en') =>
  inject('POST', `/api/visits/${id}/reservations`, user, { productId, quantity }, lng);
const preOrder = (id: number, productId: number, quantity: number, user = rep) => inject('POST', `/api/visits/${id}/pre-orders`, user, { productId, quantity });

beforeAll(async () => {
  t = await createTestApp({ VISIT_HOLD_HOURS: '6', RESERVATION_HOLD_MAX_UNITS: '150' });
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  admin = await makeUser(t.db, 'admin');
  chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  pharmacy = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Шифо' }));
  picky = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Долгий срок' }));
  blocked = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Должник' }));
  // this client takes only batches with at least 12 months of shelf life left
  await t.db.update(organizations).set({ minShelfLifeMonths: 12 }).where(eq(organizations.id, picky.id));
  const producer = await makeProducer(t.db);
  producerName = producer.name;
  const warehouse = await makeWarehouse(t.db);
  nurofen = (await makeProduct(t.db, { producerId: producer.id, name: 'Нурофен 200 мг' })).id;
  aspirin = (await makeProduct(t.db, { producerId: producer.id, name: 'Аспирин 500 мг' })).id;
  citramon = (await makeProduct(t.db, { producerId: producer.id, name: 'Цитрамон' })).id;
  noStock = (await makeProduct(t.db, { producerId: producer.id, name: 'Ксимелин спрей' })).id;
  soonBatch = (await makeBatch(t.db, { productId: nurofen, warehouseId: warehouse.id, expiryDate: inDays(200), onHand: 20 })).id;
  laterBatch = (await makeBatch(t.db, { productId: nurofen, warehouseId: warehouse.id, expiryDate: inDays(400), onHand: 30 })).id;
  await makeBatch(t.db, { productId: aspirin, warehouseId: warehouse.id, expiryDate: inDays(300), onHand: 5 });
  await makeBatch(t.db, { productId: citramon, warehouseId: warehouse.id, expiryDate: inDays(300), onHand: 100 });
});
afterAll(() => t.close());

describe('reservations during a visit', () => {
  let id: number;
  beforeAll(async () => {
    id = await visitInProgress(pharmacy.id);
  });

  it('reserves by FEFO through the stock service, holding VISIT_HOLD_HOURS, and reduces the free stock', async () => {
    expect(await freeOf(t.db, nurofen)).toBe(50);
    const res = await reserve(id, nurofen, 25);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order.holdHours).toBe(6);
    expect(order.reservations.map((r: { batchId: number; quantity: number }) => [r.batchId, r.quantity])).toEqual([
      [soonBatch, 20],
      [laterBatch, 5],
    ]);
    for (const r of order.reservations) {
      expect(r).toMatchObject({ status: 'active', documentType: 'visit', documentId: String(id), createdById: rep.id, productName: 'Нурофен 200 мг' });
      expect(Date.parse(r.expiresAt) - Date.parse(r.createdAt)).toBe(6 * 3_600_000);
    }
    expect(await freeOf(t.db, nurofen)).toBe(25);
  });

  it("refuses the same product twice ('A product cannot be added twice'), in the requester's language", async () => {
    const en = await reserve(id, nurofen, 1);
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({ code: 'VISIT_PRODUCT_ALREADY_ADDED', message: 'A product cannot be added twice' });
    expect((await reserve(id, nurofen, 1, rep, 'ru')).json().message).toBe('Нельзя добавить товар дважды');
    expect(await freeOf(t.db, nurofen)).toBe(25);
  });

  it("answers the reservation service's error when stock is short, and reserves nothing", async () => {
    const res = await reserve(id, aspirin, 6);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: 'Not enough free stock: 5 available, 6 requested.' });
    expect((await reserve(id, noStock, 1)).json().code).toBe('INSUFFICIENT_STOCK');
    expect(await freeOf(t.db, aspirin)).toBe(5);
    expect((await reserve(id, 999_999, 1)).statusCode).toBe(400);
    expect((await reserve(id, aspirin, 0)).statusCode).toBe(400);
  });

  it('lets only the visit’s rep reserve, and only while the visit is in progress', async () => {
    const byChief = await reserve(id, aspirin, 1, chief);
    expect(byChief.statusCode).toBe(403);
    expect(byChief.json().code).toBe('VISIT_NOT_OWN');
    const planned = await inject('POST', '/api/visits', rep, {
      organizationId: pharmacy.id,
      representativeId: rep.id,
      plannedStart: day(1).toISOString(),
      plannedEnd: day(1).toISOString(),
    });
    const notStarted = await reserve(planned.json().id, aspirin, 1);
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().code).toBe('VISIT_NOT_IN_PROGRESS');
    expect((await reserve(123_456, aspirin, 1)).statusCode).toBe(404);
    // the chief sees the visit's order
    expect((await inject('GET', `/api/visits/${id}/order`, chief)).json().reservations).toHaveLength(2);
  });

  it("keeps the rep's holds within RESERVATION_HOLD_MAX_UNITS: nobody holds every free unit of a product (issue 13)", async () => {
    const plenty = (await makeProduct(t.db, { producerId: (await makeProducer(t.db)).id, name: 'Парацетамол 500 мг' })).id;
    await makeBatch(t.db, { productId: plenty, warehouseId: (await makeWarehouse(t.db)).id, expiryDate: inDays(300), onHand: 1000 });
    const visit = await visitInProgress(pharmacy.id);
    const refused = await reserve(visit, plenty, 1000, rep, 'ru');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RESERVATION_HOLD_LIMIT', fields: { quantity: expect.any(String) } });
    expect(refused.json().message).toContain('150');
    expect(await freeOf(t.db, plenty)).toBe(1000);
    const room =
      150 -
      (
        await t.db
          .select({ quantity: reservations.quantity })
          .from(reservations)
          .where(and(eq(reservations.createdBy, rep.id), eq(reservations.status, 'active')))
      ).reduce((sum, r) => sum + r.quantity, 0);
    expect((await reserve(visit, plenty, room)).statusCode).toBe(200);
    expect(await freeOf(t.db, plenty)).toBe(1000 - room);
    // every hold releases itself
    const holds = await t.db
      .select({ expiresAt: reservations.expiresAt })
      .from(reservations)
      .where(and(eq(reservations.createdBy, rep.id), eq(reservations.status, 'active')));
    expect(holds.every((h) => h.expiresAt !== null)).toBe(true);
    expect(
      (await inject('DELETE', `/api/visits/${visit}/reservations/${(await inject('GET', `/api/visits/${visit}/order`, rep)).json().reservations[0].id}`, rep))
        .statusCode,
    ).toBe(200);
  });

  it("applies the organization's minimum shelf life and refuses a blacklisted organization", async () => {
    const pickyVisit = await visitInProgress(picky.id);
    const res = await reserve(pickyVisit, nurofen, 10);
    expect(res.statusCode).toBe(200);
    // 12 months: the batch expiring in 200 days does not qualify
    expect(res.json().reservations.map((r: { batchId: number }) => r.batchId)).toEqual([laterBatch]);
    expect((await reserve(pickyVisit, aspirin, 1)).json().code).toBe('INSUFFICIENT_STOCK');
    await inject('POST', `/api/visits/${pickyVisit}/cancel`, rep, {});

    const debtorVisit = await visitInProgress(blocked.id);
    expect((await inject('POST', `/api/organizations/${blocked.id}/block`, admin, { reason: 'Долг по оплате' })).statusCode).toBe(200);
    const refused = await reserve(debtorVisit, aspirin, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORGANIZATION_BLOCKED');
    expect((await preOrder(debtorVisit, aspirin, 1)).json().code).toBe('ORGANIZATION_BLOCKED');
  });

  it("releases one reservation of this visit, and nobody else's", async () => {
    const other = await visitInProgress(pharmacy.id);
    const otherOrder = (await reserve(other, citramon, 10)).json();
    const foreign = otherOrder.reservations[0].id as number;
    expect((await inject('DELETE', `/api/visits/${id}/reservations/${foreign}`, rep)).statusCode).toBe(404);
    expect(await freeOf(t.db, citramon)).toBe(90);

    const mine = (await inject('GET', `/api/visits/${id}/order`, rep)).json().reservations as { id: number; batchId: number }[];
    const released = await inject('DELETE', `/api/visits/${id}/reservations/${mine[1]!.id}`, rep);
    expect(released.statusCode).toBe(200);
    expect(released.json().reservations.map((r: { id: number }) => r.id)).toEqual([mine[0]!.id]);
    expect(await freeOf(t.db, nurofen)).toBe(30); // 50 − 25 reserved here (the picky client's 10 went back on cancel) + 5 released
    const twice = await inject('DELETE', `/api/visits/${id}/reservations/${mine[1]!.id}`, rep);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RESERVATION_CLOSED');
    // the product is free to reserve again on this visit once its reservation is gone
    expect((await inject('DELETE', `/api/visits/${id}/reservations/${mine[0]!.id}`, rep)).statusCode).toBe(200);
    expect((await reserve(id, nurofen, 3)).statusCode).toBe(200);
    await inject('POST', `/api/visits/${other}/cancel`, rep, {});
  });

  it('takes one of several simultaneous reservations of a product (the visit row is held)', async () => {
    const visit = await visitInProgress(pharmacy.id);
    const before = await freeOf(t.db, citramon);
    const answers = await Promise.all(Array.from({ length: 6 }, () => reserve(visit, citramon, 2)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'VISIT_PRODUCT_ALREADY_ADDED')).toBe(true);
    expect(await freeOf(t.db, citramon)).toBe(before - 2);
    await inject('POST', `/api/visits/${visit}/cancel`, rep, {});
  });

  it('gives the stock back when the visit is cancelled', async () => {
    const before = await freeOf(t.db, aspirin);
    const visit = await visitInProgress(pharmacy.id);
    expect((await reserve(visit, aspirin, 4)).statusCode).toBe(200);
    expect(await freeOf(t.db, aspirin)).toBe(before - 4);
    const cancelled = await inject('POST', `/api/visits/${visit}/cancel`, chief, { reason: 'Аптека закрыта' });
    expect(cancelled.statusCode).toBe(200);
    expect(await freeOf(t.db, aspirin)).toBe(before);
    const rows = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.documentType, 'visit'), eq(reservations.documentId, String(visit))));
    expect(rows.map((r) => [r.status, r.closeReason])).toEqual([['released', 'cancelled']]);
    expect((await inject('GET', `/api/visits/${visit}/order`, rep)).json().reservations).toEqual([]);
  });
});

describe('pre-orders during a visit', () => {
  it('adds a product once, removes it, and checks the product', async () => {
    const id = await visitInProgress(pharmacy.id);
    const added = await preOrder(id, noStock, 12);
    expect(added.statusCode).toBe(200);
    expect(added.json().preOrders).toEqual([{ productId: noStock, productName: 'Ксимелин спрей', producerName, quantity: 12 }]);
    const twice = await preOrder(id, noStock, 3);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('VISIT_PRODUCT_ALREADY_ADDED');
    expect((await preOrder(id, 999_999, 1)).json().fields.productId).toBe('Choose one of the offered values');
    expect((await preOrder(id, aspirin, 1, chief)).json().code).toBe('VISIT_NOT_OWN');
    const removed = await inject('DELETE', `/api/visits/${id}/pre-orders/${noStock}`, rep);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().preOrders).toEqual([]);
    expect((await inject('DELETE', `/api/visits/${id}/pre-orders/${noStock}`, rep)).statusCode).toBe(404);
    // nothing changes once the visit is over
    await preOrder(id, citramon, 2);
    expect((await inject('POST', `/api/visits/${id}/complete`, rep, { position: { ...position, deviceTime: new Date().toISOString() } })).statusCode).toBe(200);
    expect((await preOrder(id, aspirin, 1)).json().code).toBe('VISIT_NOT_IN_PROGRESS');
    expect((await inject('DELETE', `/api/visits/${id}/pre-orders/${citramon}`, rep)).json().code).toBe('VISIT_NOT_IN_PROGRESS');
    expect((await inject('GET', `/api/visits/${id}/order`, rep)).json().preOrders).toEqual([
      { productId: citramon, productName: 'Цитрамон', producerName, quantity: 2 },
    ]);
  });
});

describe('the suggested order', () => {
  it('lists every product counted on this or the previous visit with its sell-out and suggestion', async () => {
    const shop = await createOrganization(t.app, admin, organizationBody(await place(t.db, 'TK', 'Chilonzor'), { name: 'Аптека Остатки' }));
    const first = await visitInProgress(shop.id, 0);
    // no earlier visit: nothing sold yet, nothing suggested
    const alone = (
      await inject('PUT', `/api/visits/${first}/remainders`, rep, {
        items: [
          { productId: nurofen, quantity: 30 },
          { productId: aspirin, quantity: 10 },
        ],
      })
    ).json();
    expect(alone.remainders).toHaveLength(2);
    const firstOrder = (await inject('GET', `/api/visits/${first}/order`, rep)).json();
    expect(firstOrder.previousVisit).toBeNull();
    expect(
      firstOrder.suggested.map((l: { productId: number; sellOut: number; suggestedQuantity: number }) => [l.productId, l.sellOut, l.suggestedQuantity]),
    ).toEqual([
      [aspirin, 0, 0],
      [nurofen, 0, 0],
    ]);
    expect((await inject('POST', `/api/visits/${first}/complete`, rep, { position: { ...position, deviceTime: new Date().toISOString() } })).statusCode).toBe(
      200,
    );

    // a completed visit without remainders in between does not count as the previous one
    const between = await visitInProgress(shop.id, 0);
    expect((await inject('POST', `/api/visits/${between}/complete`, rep, { position: { ...position, deviceTime: new Date().toISOString() } })).statusCode).toBe(
      200,
    );

    const second = await visitInProgress(shop.id, -1);
    await inject('PUT', `/api/visits/${second}/remainders`, rep, {
      items: [
        { productId: nurofen, quantity: 12 },
        { productId: citramon, quantity: 3 },
      ],
    });
    const res = await inject('GET', `/api/visits/${second}/order`, rep);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order.previousVisit).toMatchObject({ id: first, completedAt: expect.any(String) });
    const free = { [nurofen]: await freeOf(t.db, nurofen), [aspirin]: await freeOf(t.db, aspirin), [citramon]: await freeOf(t.db, citramon) };
    expect(order.suggested).toEqual([
      // 10 on the shelf before, none now (not counted): all 10 sold, 10 suggested
      {
        productId: aspirin,
        productName: 'Аспирин 500 мг',
        producerName,
        previousRemainder: 10,
        delivered: 0,
        currentRemainder: 0,
        sellOut: 10,
        suggestedQuantity: 10,
        freeStock: free[aspirin],
      },
      // 30 before, 12 now: 18 sold; 12 still on the shelf, so 6 more
      {
        productId: nurofen,
        productName: 'Нурофен 200 мг',
        producerName,
        previousRemainder: 30,
        delivered: 0,
        currentRemainder: 12,
        sellOut: 18,
        suggestedQuantity: 6,
        freeStock: free[nurofen],
      },
      // new on the shelf: nothing sold yet
      {
        productId: citramon,
        productName: 'Цитрамон',
        producerName,
        previousRemainder: 0,
        delivered: 0,
        currentRemainder: 3,
        sellOut: 0,
        suggestedQuantity: 0,
        freeStock: free[citramon],
      },
    ]);
    expect(free[citramon]).toBe(100);
  });
});
