import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movePoint, stopOutcomeRadiusM } from '@pharma/contracts';
import { createTestApp, type makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { depotWithSyrup, logisticsPeople } from '../../test/order-fixtures.js';
import { makeBatch, makeProducer, makeProduct, today } from '../../test/stock-fixtures.js';

/**
 * Issue 13, item 12: a courier's refusal was accepted 9 km from the stop with no warning and no
 * position kept. Every stop outcome (delivered, in part, refused) keeps where and when it was made,
 * the distance from the stop's point and a flag beyond the organization radius; the operator sees
 * both on the delivery's stops and in the facts. A far outcome is kept, not refused (decision 025).
 */

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, employee: U, rep: U, courier: U;
let warehouseId: number, productId: number;
const depot = { lat: 41.2995, lng: 69.2401 };
const stopPoint = movePoint(depot, 1500, 90);
let pharmacy = 0;
let unlocated = 0;

const inject = (method: 'GET' | 'POST', url: string, user: { id: number }, payload?: unknown) =>
  t.app.inject({ method, url, headers: headers(t.app, user, 'en'), ...(payload === undefined ? {} : { payload: payload as object }) });
/** A 1×1 PNG: the smallest waybill photo. */
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Stop {
  id: number;
  orderId: number;
  status: string;
  deliveredAt: string | null;
  proof: { lat: number; lng: number; accuracy: number | null; distanceM: number | null; far: boolean } | null;
  positions: { id: number; quantity: number; sumSale: number }[];
}

/** Orders of the organization approved, put in one delivery, and handed to the courier: its stops. */
async function stopsOnTheWay(
  organizationId: number,
  count: number,
  quantity = 2,
  more: { productId: number; quantity: number }[] = [],
): Promise<{ deliveryId: number; stops: Stop[] }> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await inject('POST', '/api/orders', rep, {
      organizationId,
      deliveryAddress: 'Chilonzor 1',
      positions: [{ productId, quantity }, ...more],
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const to of ['in_processing', 'approved_for_shipment'])
      expect((await inject('POST', `/api/orders/${created.json().id}/move`, operator, { to })).statusCode).toBe(200);
    ids.push(created.json().id);
  }
  const d = await inject('POST', '/api/deliveries', operator, {
    orderIds: ids,
    date: today(),
    type: 'ownCourier',
    address: 'Ташкент, Чиланзар',
    warehouseId,
    courierId: courier.id,
    boxCount: 1,
    pricePerBox: 100_000,
  });
  expect(d.statusCode, d.body).toBe(201);
  for (const step of ['assemble', 'ready', 'handOver'])
    expect((await inject('POST', `/api/deliveries/${d.json().id}/warehouse-step`, employee, { step })).statusCode).toBe(200);
  return { deliveryId: d.json().id, stops: d.json().stops };
}

const stopOf = async (deliveryId: number, stopId: number, user: U = operator): Promise<Stop> =>
  ((await inject('GET', `/api/deliveries/${deliveryId}`, user)).json().stops as Stop[]).find((s) => s.id === stopId)!;

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  ({ admin, operator, employee, rep, courier } = await logisticsPeople(t.db));
  await assignTerritory(t.db, rep.id, chilonzor);
  const terms = { creditLimit: 100_000_000_000, creditDays: 30 };
  pharmacy = (
    await createOrganization(
      t.app,
      admin,
      organizationBody(chilonzor, { ...terms, lat: stopPoint.lat, lng: stopPoint.lng, deliveryLat: stopPoint.lat, deliveryLng: stopPoint.lng }),
    )
  ).id;
  unlocated = (await createOrganization(t.app, admin, organizationBody(chilonzor, { ...terms, name: 'Аптека без точки', lat: null, lng: null }))).id;
  ({ warehouseId, productId } = await depotWithSyrup(t.db, depot));
});
afterAll(() => t.close());

describe('the position of a stop outcome (issue 13)', () => {
  it('keeps a refusal made 9 km from the stop with its position, time, distance and the far flag, for the operator and in the facts', async () => {
    const { deliveryId, stops } = await stopsOnTheWay(pharmacy, 1);
    const far = movePoint(stopPoint, 9000, 0);
    const res = await inject('POST', `/api/deliveries/${deliveryId}/stops/${stops[0]!.id}/refuse`, courier, {
      lat: far.lat,
      lng: far.lng,
      accuracy: 12,
      reason: 'Аптека закрыта',
    });
    expect(res.statusCode, res.body).toBe(200);

    const seen = await stopOf(deliveryId, stops[0]!.id);
    expect(seen.status).toBe('refused');
    expect(seen.deliveredAt).toMatch(/Z$/);
    expect(seen.proof).toMatchObject({ lat: far.lat, lng: far.lng, accuracy: 12, far: true });
    expect(seen.proof!.distanceM).toBeGreaterThan(8950);
    expect(seen.proof!.distanceM).toBeLessThan(9050);

    const facts = (await inject('GET', `/api/deliveries/facts?from=${today()}&to=${today()}&size=100`, operator)).json();
    const fact = facts.items.find((f: { stopId: number }) => f.stopId === stops[0]!.id);
    expect(fact).toMatchObject({ status: 'refused', farFromStop: true, proofLat: far.lat, proofLng: far.lng });
    expect(fact.proofDistanceM).toBe(seen.proof!.distanceM);
  });

  it('keeps a delivery at the door as near, and one in part beyond the radius as far', async () => {
    const { deliveryId, stops } = await stopsOnTheWay(pharmacy, 2);
    for (const stop of stops)
      expect((await inject('POST', `/api/deliveries/${deliveryId}/stops/${stop.id}/photo`, courier, { contentType: 'image/png', data: png })).statusCode).toBe(
        200,
      );
    const atDoor = movePoint(stopPoint, 30, 45);
    const delivered = await inject('POST', `/api/deliveries/${deliveryId}/stops/${stops[0]!.id}/deliver`, courier, {
      lat: atDoor.lat,
      lng: atDoor.lng,
      accuracy: 8,
      recipientName: 'Каримова',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const near = await stopOf(deliveryId, stops[0]!.id);
    expect(near.proof).toMatchObject({ far: false, accuracy: 8 });
    expect(near.proof!.distanceM).toBeGreaterThanOrEqual(25);
    expect(near.proof!.distanceM).toBeLessThanOrEqual(35);

    const beyond = movePoint(stopPoint, stopOutcomeRadiusM + 100, 180);
    const positions = stops[1]!.positions.map((p) => ({ positionId: p.id, quantity: 1 }));
    const partly = await inject('POST', `/api/deliveries/${deliveryId}/stops/${stops[1]!.id}/deliver-partly`, courier, {
      lat: beyond.lat,
      lng: beyond.lng,
      accuracy: 20,
      recipientName: 'Каримова',
      positions,
    });
    expect(partly.statusCode, partly.body).toBe(200);
    expect((await stopOf(deliveryId, stops[1]!.id)).proof).toMatchObject({ far: true, distanceM: stopOutcomeRadiusM + 100 });
    // the courier sees it too, on their own delivery
    expect((await stopOf(deliveryId, stops[1]!.id, courier)).proof).toMatchObject({ far: true });
  });

  it('has no distance for a stop without a point, and no position before the outcome', async () => {
    const { deliveryId, stops } = await stopsOnTheWay(unlocated, 1);
    expect((await stopOf(deliveryId, stops[0]!.id)).proof).toBeNull();
    const res = await inject('POST', `/api/deliveries/${deliveryId}/stops/${stops[0]!.id}/refuse`, courier, {
      lat: 41.3,
      lng: 69.25,
      accuracy: 10,
      reason: 'Нет на месте',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stopOf(deliveryId, stops[0]!.id)).proof).toEqual({ lat: 41.3, lng: 69.25, accuracy: 10, distanceM: null, far: false });
  });
});

describe('what came back from the stops, in the statistics', () => {
  it("counts a partial delivery's returns (a position not taken at all too) and a refusal's at the positions' sale prices", async () => {
    const returned = async () => (await inject('GET', `/api/analytics/summary?from=${today()}&to=${today()}`, admin)).json().figures.returnedSum as number;
    const before = await returned();
    const drops = (await makeProduct(t.db, { producerId: (await makeProducer(t.db)).id, name: 'Глазные капли 10 мл' })).id;
    await makeBatch(t.db, { productId: drops, warehouseId, expiryDate: '2030-01-01', onHand: 100, basePrice: 80_000 });
    const { deliveryId, stops } = await stopsOnTheWay(pharmacy, 2, 4, [{ productId: drops, quantity: 3 }]);
    const [partial, refused] = stops as [Stop, Stop];
    // the stop lists the syrup (4) then the drops (3): unit prices from the positions as shipped
    const unit = (p: { quantity: number; sumSale: number }) => p.sumSale / p.quantity;
    const [syrup, eyeDrops] = partial.positions as [Stop['positions'][number], Stop['positions'][number]];
    expect([syrup.quantity, eyeDrops.quantity]).toEqual([4, 3]);
    expect((await inject('POST', `/api/deliveries/${deliveryId}/stops/${partial.id}/photo`, courier, { contentType: 'image/png', data: png })).statusCode).toBe(
      200,
    );
    const partly = await inject('POST', `/api/deliveries/${deliveryId}/stops/${partial.id}/deliver-partly`, courier, {
      ...stopPoint,
      accuracy: 10,
      recipientName: 'Каримова',
      positions: [
        { positionId: syrup.id, quantity: 1 },
        { positionId: eyeDrops.id, quantity: 0 },
      ],
    });
    expect(partly.statusCode, partly.body).toBe(200);
    // 3 syrups and all 3 drops (that position is gone from the order now) came back
    const partlyBack = 3 * unit(syrup) + 3 * unit(eyeDrops);
    expect(await returned()).toBe(before + partlyBack);
    const refusal = await inject('POST', `/api/deliveries/${deliveryId}/stops/${refused.id}/refuse`, courier, {
      ...stopPoint,
      accuracy: 10,
      reason: 'Нет денег',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    const refusedBack = refused.positions.reduce((sum, p) => sum + p.sumSale, 0);
    expect(await returned()).toBe(before + partlyBack + refusedBack);
  });
});
