import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCost, movePoint, prepaymentAmount, routeLengthMeters } from '@pharma/contracts';
import { createTestApp, type makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { depotWithSyrup, logisticsPeople } from '../../test/order-fixtures.js';
import { batchRow, inDays, makeBatch, makeProducer, makeProduct, today } from '../../test/stock-fixtures.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, employee: U, rep: U, courier: U, courier2: U;
let warehouseId: number, productId: number, syrupId: number, syrupBatch: number;
const depot = { lat: 41.2995, lng: 69.2401 };
// stops 1 km east, 3 km east and 2 km west of the warehouse
const east1 = movePoint(depot, 1000, 90);
const east3 = movePoint(depot, 3000, 90);
const west2 = movePoint(depot, 2000, 270);
const pharmacies: Record<'east1' | 'east3' | 'west2', number> = { east1: 0, east3: 0, west2: 0 };

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A rep's order of the pharmacy, taken by the operator up to approved for shipment. */
async function approvedOrder(organizationId: number): Promise<{ id: number; number: string }> {
  const created = await inject('POST', '/api/orders', rep, {
    organizationId,
    deliveryAddress: "Bunyodkor ko'chasi, 12",
    positions: [{ productId, quantity: 2 }],
  });
  expect(created.statusCode).toBe(201);
  const { id, number } = created.json();
  for (const to of ['in_processing', 'approved_for_shipment']) expect((await inject('POST', `/api/orders/${id}/move`, operator, { to })).statusCode).toBe(200);
  return { id, number };
}

const wizard = (orderIds: number[], extra: Record<string, unknown> = {}) => ({
  orderIds,
  date: today(),
  type: 'ownCourier',
  address: 'Ташкент, Юнусабад и Мирзо-Улугбек',
  district: 'Юнусабад',
  warehouseId,
  courierId: courier.id,
  boxCount: 3,
  pricePerBox: 500_000,
  pricePerKm: 200_000,
  ...extra,
});
/** A 1×1 PNG: the smallest waybill photo. */
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const photo = (deliveryId: number, stopId: number, user: { id: number } = courier, body: Record<string, unknown> = { contentType: 'image/png', data: png }) =>
  inject('POST', `/api/deliveries/${deliveryId}/stops/${stopId}/photo`, user, body);
const statusOf = async (orderId: number) => (await inject('GET', `/api/orders/${orderId}`, admin)).json().status as string;

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  ({ admin, operator, employee, rep, courier, courier2 } = await logisticsPeople(t.db));
  await assignTerritory(t.db, rep.id, chilonzor);
  const terms = { creditLimit: 100_000_000_000, creditDays: 30 };
  for (const [key, point] of [
    ['east1', east1],
    ['east3', east3],
    ['west2', west2],
  ] as const) {
    pharmacies[key] = (
      await createOrganization(
        t.app,
        admin,
        organizationBody(chilonzor, { ...terms, lat: point.lat, lng: point.lng, deliveryLat: point.lat, deliveryLng: point.lng }),
      )
    ).id;
  }
  ({ warehouseId, productId } = await depotWithSyrup(t.db, depot));
  syrupId = (await makeProduct(t.db, { producerId: (await makeProducer(t.db)).id, name: 'Амброксол сироп 100 мл', weightG: 180 })).id;
  syrupBatch = (await makeBatch(t.db, { productId: syrupId, warehouseId, expiryDate: inDays(300), onHand: 50, basePrice: 98_765 })).id;
});
afterAll(() => t.close());

describe('the shipments wizard (POST /api/deliveries)', () => {
  it('refuses a missing delivery address with the spec message, in the requester language', async () => {
    const order = await approvedOrder(pharmacies.east1);
    for (const [lng, message] of [
      ['en', 'A delivery address must be entered'],
      ['ru', 'Необходимо ввести адрес доставки'],
      ['uz-Cyrl', 'Етказиб бериш манзилини киритиш керак'],
    ]) {
      for (const address of ['', undefined]) {
        const res = await inject('POST', '/api/deliveries', operator, wizard([order.id], { address }), lng);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.address).toBe(message);
      }
    }
  });

  it('needs a courier unless the client picks up, a car for the car type, orders, and a known warehouse', async () => {
    const order = await approvedOrder(pharmacies.east1);
    const cases: [Record<string, unknown>, string][] = [
      [{ courierId: null }, 'courierId'],
      [{ type: 'car', carId: null }, 'carId'],
      [{ orderIds: [] }, 'orderIds'],
      [{ orderIds: [order.id, order.id] }, 'orderIds'],
      [{ warehouseId: 999_999 }, 'warehouseId'],
      [{ courierId: rep.id }, 'courierId'],
      [{ orderIds: [999_999] }, 'orderIds.0'],
      [{ boxCount: 0 }, 'boxCount'],
    ];
    for (const [change, field] of cases) {
      const res = await inject('POST', '/api/deliveries', operator, wizard([order.id], change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    const pickup = await inject('POST', '/api/deliveries', operator, wizard([order.id], { type: 'pickup', courierId: null }));
    expect(pickup.statusCode).toBe(201);
    expect(pickup.json()).toMatchObject({ type: 'pickup', courierId: null });
  });

  it('takes only orders approved for shipment, each in one delivery', async () => {
    const fresh = await inject('POST', '/api/orders', rep, { organizationId: pharmacies.east1, deliveryAddress: 'x', positions: [{ productId, quantity: 1 }] });
    const refused = await inject('POST', '/api/deliveries', operator, wizard([fresh.json().id]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DELIVERY_ORDER_NOT_READY');
    expect(refused.json().message).toContain(fresh.json().number);
    const order = await approvedOrder(pharmacies.east3);
    expect((await inject('POST', '/api/deliveries', operator, wizard([order.id]))).statusCode).toBe(201);
    const twice = await inject('POST', '/api/deliveries', operator, wizard([order.id]));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DELIVERY_ORDER_NOT_READY');
  });

  it('weighs the goods from the products and refuses more than the car carries', async () => {
    const a = await approvedOrder(pharmacies.east1);
    const b = await approvedOrder(pharmacies.east3);
    const c = await approvedOrder(pharmacies.west2);
    const small = (await inject('POST', '/api/cars', employee, { plate: '01 Z 001 ZZ', model: 'Damas', capacityKg: 1, capacityBoxes: 2 })).json();
    const boxes = await inject('POST', '/api/deliveries', operator, wizard([a.id], { type: 'car', carId: small.id, boxCount: 3 }));
    expect(boxes.statusCode).toBe(400);
    expect(boxes.json().fields.boxCount).toBe('More than the car can carry');
    // three orders of 2 × 250 g are 1.5 kg, the car takes 1 kg
    const heavy = await inject('POST', '/api/deliveries', operator, wizard([a.id, b.id, c.id], { type: 'car', carId: small.id, boxCount: 2 }));
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().fields.carId).toBe('More than the car can carry');
    const fits = await inject('POST', '/api/deliveries', operator, wizard([a.id, b.id], { type: 'car', carId: small.id, boxCount: 2 }));
    expect(fits.statusCode).toBe(201);
    expect(fits.json()).toMatchObject({ weightG: 1000, carId: small.id, carPlate: '01 Z 001 ZZ' });
  });

  it('takes a planned delivery apart, and its orders may travel in another; not once the warehouse took it', async () => {
    const order = await approvedOrder(pharmacies.east1);
    const first = (await inject('POST', '/api/deliveries', operator, wizard([order.id]))).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/deliveries/${first.id}`, headers: headers(t.app, courier) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/deliveries/${first.id}`, headers: headers(t.app, operator) })).statusCode).toBe(204);
    expect((await inject('GET', `/api/deliveries/${first.id}`, operator)).statusCode).toBe(404);
    expect(await statusOf(order.id)).toBe('approved_for_shipment');
    const second = (await inject('POST', '/api/deliveries', operator, wizard([order.id]))).json();
    expect(second.stops[0].orderId).toBe(order.id);
    expect((await inject('POST', `/api/deliveries/${second.id}/warehouse-step`, employee, { step: 'assemble' })).statusCode).toBe(200);
    const late = await t.app.inject({ method: 'DELETE', url: `/api/deliveries/${second.id}`, headers: headers(t.app, operator) });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DELIVERY_STATUS_REFUSED');
  });

  it('is the desk and the warehouse: a rep may not, nor a courier', async () => {
    const order = await approvedOrder(pharmacies.east1);
    expect((await inject('POST', '/api/deliveries', rep, wizard([order.id]))).statusCode).toBe(403);
    expect((await inject('POST', '/api/deliveries', courier, wizard([order.id]))).statusCode).toBe(403);
    expect((await inject('POST', '/api/deliveries', employee, wizard([order.id]))).statusCode).toBe(201);
  });

  it('routes the stops from the warehouse, measures the distance and prices the delivery', async () => {
    const far = await approvedOrder(pharmacies.east3);
    const west = await approvedOrder(pharmacies.west2);
    const near = await approvedOrder(pharmacies.east1);
    const res = await inject('POST', '/api/deliveries', operator, wizard([far.id, west.id, near.id]));
    expect(res.statusCode).toBe(201);
    const d = res.json();
    // 1 km east, 3 km east, then 5 km back west is 8 km; west first (2 + 2 + 1 + 2) is 7 km
    expect(d.stops.map((s: { orderId: number }) => s.orderId)).toEqual([west.id, near.id, far.id]);
    expect(d.stops.map((s: { sequence: number }) => s.sequence)).toEqual([1, 2, 3]);
    const expected = Math.round(routeLengthMeters(depot, [west2, east1, east3], [0, 1, 2]));
    expect(d.distanceM).toBe(expected);
    expect(d.distanceM).toBeGreaterThan(6990);
    expect(d.distanceM).toBeLessThan(7010);
    expect(d.cost).toBe(deliveryCost({ boxCount: 3, pricePerBox: 500_000, distanceM: expected, pricePerKm: 200_000 }));
    expect(d.cost).toBe(3 * 500_000 + Math.round((expected * 200_000) / 1000));
    expect(d).toMatchObject({ status: 'planned', stopCount: 3, deliveredCount: 0, courierId: courier.id, warehouseLat: depot.lat });
    expect(d.number).toMatch(/^\d{6}$/);
    for (const o of [far, west, near]) expect(await statusOf(o.id)).toBe('approved_for_shipment');

    // by hand: far first; distance and cost follow
    const ids = d.stops.map((s: { id: number }) => s.id);
    const reordered = await inject('PUT', `/api/deliveries/${d.id}/stops/order`, courier, { stopIds: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().stops.map((s: { orderId: number }) => s.orderId)).toEqual([far.id, west.id, near.id]);
    const handMade = Math.round(routeLengthMeters(depot, [east3, west2, east1], [0, 1, 2]));
    expect(reordered.json().distanceM).toBe(handMade);
    expect(reordered.json().cost).toBe(deliveryCost({ boxCount: 3, pricePerBox: 500_000, distanceM: handMade, pricePerKm: 200_000 }));
    expect((await inject('PUT', `/api/deliveries/${d.id}/stops/order`, operator, { stopIds: [ids[0], ids[1]] })).statusCode).toBe(400);
    expect((await inject('PUT', `/api/deliveries/${d.id}/stops/order`, courier2, { stopIds: ids })).statusCode).toBe(404);
  });
});

describe('an approved order cannot be stranded at the warehouse (decision 020)', () => {
  const move = (id: number, user: U, to: string) => inject('POST', `/api/orders/${id}/move`, user, { to }, 'ru');
  const shippableIds = async (user: U) => ((await inject('GET', '/api/deliveries/shippable', user)).json() as { id: number }[]).map((o) => o.id);

  it("refuses the warehouse's moves on the order itself — before and on a delivery — and the delivery's steps take it all the way", async () => {
    const order = await approvedOrder(pharmacies.east3);
    for (const user of [employee, admin]) {
      const refused = await move(order.id, user, 'in_assembly');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ORDER_MOVES_WITH_DELIVERY', message: expect.stringContaining('доставк') });
    }
    // still approved, still in the wizard's pick-list for the warehouse and the desk
    expect(await statusOf(order.id)).toBe('approved_for_shipment');
    expect(await shippableIds(employee)).toContain(order.id);
    expect(await shippableIds(operator)).toContain(order.id);

    // the warehouse takes it into a delivery from the wizard, then walks the delivery's steps
    const d = await inject('POST', '/api/deliveries', employee, wizard([order.id]));
    expect(d.statusCode).toBe(201);
    expect(await shippableIds(employee)).not.toContain(order.id);
    const id = d.json().id as number;
    // the order page finds the delivery the order travels in
    const carrying = (await inject('GET', `/api/deliveries?orderId=${order.id}`, employee)).json();
    expect(carrying.items.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await inject('GET', `/api/deliveries?orderId=${order.id}`, courier2)).json().total).toBe(0);
    const step = (name: string) => inject('POST', `/api/deliveries/${id}/warehouse-step`, employee, { step: name });
    expect((await step('assemble')).statusCode).toBe(200);
    for (const to of ['assembled', 'ready_for_shipment', 'shipped', 'cancelled']) {
      const res = await move(order.id, employee, to);
      expect(res.statusCode, to).toBe(to === 'cancelled' ? 403 : 409);
    }
    expect((await move(order.id, employee, 'assembled')).json().code).toBe('ORDER_MOVES_WITH_DELIVERY');
    expect(await statusOf(order.id)).toBe('in_assembly');
    expect((await step('ready')).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('ready_for_shipment');
    expect((await move(order.id, employee, 'shipped')).statusCode).toBe(409);
    expect((await step('handOver')).json()).toMatchObject({
      status: 'on_the_way',
      stops: [expect.objectContaining({ orderId: order.id, orderStatus: 'shipped' })],
    });
    expect(await statusOf(order.id)).toBe('shipped');
  });
});

describe('a delivery drives its orders: the warehouse assembles and hands over, the courier delivers', () => {
  it('moves every order step by step, each by its role, and completes with the last stop', async () => {
    const a = await approvedOrder(pharmacies.east1);
    const b = await approvedOrder(pharmacies.west2);
    const d = (await inject('POST', '/api/deliveries', operator, wizard([a.id, b.id]))).json();
    const step = (user: U, name: string) => inject('POST', `/api/deliveries/${d.id}/warehouse-step`, user, { step: name });

    expect((await step(operator, 'assemble')).statusCode).toBe(403);
    expect((await step(courier, 'assemble')).statusCode).toBe(403);
    expect((await step(employee, 'handOver')).json().code).toBe('DELIVERY_STATUS_REFUSED');
    expect((await step(employee, 'assemble')).json().status).toBe('in_assembly');
    expect(await statusOf(a.id)).toBe('in_assembly');
    expect((await step(employee, 'assemble')).statusCode).toBe(409);
    expect((await step(employee, 'ready')).json().status).toBe('ready');
    expect(await statusOf(b.id)).toBe('ready_for_shipment');
    const history = (await inject('GET', `/api/orders/${b.id}`, admin)).json().history.map((h: { to: string; byName: string }) => [h.to, h.byName]);
    expect(history.slice(-3)).toEqual([
      ['in_assembly', employee.fullName],
      ['assembled', employee.fullName],
      ['ready_for_shipment', employee.fullName],
    ]);

    const stops = d.stops as { id: number; orderId: number }[];
    const proof = { lat: east1.lat, lng: east1.lng, accuracy: 12, recipientName: 'Каримова Дилноза' };
    // not on the way yet
    expect((await inject('POST', `/api/deliveries/${d.id}/stops/${stops[0]!.id}/deliver`, courier, proof)).json().code).toBe('DELIVERY_STATUS_REFUSED');
    expect((await step(employee, 'handOver')).json().status).toBe('on_the_way');
    expect(await statusOf(a.id)).toBe('shipped');

    expect((await inject('POST', `/api/deliveries/${d.id}/stops/${stops[0]!.id}/deliver`, courier2, proof)).statusCode).toBe(404);
    const noName = await inject('POST', `/api/deliveries/${d.id}/stops/${stops[0]!.id}/deliver`, courier, { ...proof, recipientName: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(Object.keys(noName.json().fields)).toEqual(['recipientName']);

    // the signed waybill's photo is part of the proof
    const noPhoto = await inject('POST', `/api/deliveries/${d.id}/stops/${stops[0]!.id}/deliver`, courier, proof);
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().code).toBe('DELIVERY_PHOTO_REQUIRED');
    expect(await statusOf(stops[0]!.orderId)).toBe('shipped');
    for (const stop of stops) expect((await photo(d.id, stop.id)).statusCode).toBe(200);
    const first = await inject('POST', `/api/deliveries/${d.id}/stops/${stops[0]!.id}/deliver`, courier, proof);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'on_the_way', deliveredCount: 1 });
    expect(first.json().stops[0]).toMatchObject({ status: 'delivered', recipientName: 'Каримова Дилноза', orderStatus: 'delivered' });
    expect(first.json().stops[0].deliveredAt).toMatch(/Z$/);
    expect(await statusOf(stops[0]!.orderId)).toBe('delivered');
    expect((await inject('POST', `/api/deliveries/${d.id}/stops/${stops[0]!.id}/deliver`, courier, proof)).json().code).toBe('DELIVERY_STATUS_REFUSED');

    const last = await inject('POST', `/api/deliveries/${d.id}/stops/${stops[1]!.id}/deliver`, courier, { ...proof, lat: west2.lat, lng: west2.lng });
    expect(last.json()).toMatchObject({ status: 'completed', deliveredCount: 2 });
    expect(await statusOf(stops[1]!.orderId)).toBe('delivered');
    const byCourier = (await inject('GET', `/api/orders/${stops[1]!.orderId}`, admin)).json().history.at(-1);
    expect(byCourier).toMatchObject({ from: 'shipped', to: 'delivered', byName: courier.fullName });

    const completed = (await inject('GET', '/api/deliveries?tab=completed', courier)).json();
    expect(completed.items.map((x: { id: number }) => x.id)).toContain(d.id);
    const listed = completed.items.find((x: { id: number }) => x.id === d.id);
    expect(listed).toMatchObject({ stopCount: 2, closedCount: 2, firstStopAddress: "Bunyodkor ko'chasi, 12", courierPosition: null });
    const active = (await inject('GET', '/api/deliveries?tab=active', courier)).json();
    expect(active.items.map((x: { id: number }) => x.id)).not.toContain(d.id);
  });

  it('shows a courier only their own deliveries; the desk sees all', async () => {
    const order = await approvedOrder(pharmacies.east3);
    const mine = (await inject('POST', '/api/deliveries', operator, wizard([order.id], { courierId: courier2.id }))).json();
    const forCourier = (await inject('GET', '/api/deliveries?size=100', courier)).json();
    expect(forCourier.items.every((x: { courierId: number }) => x.courierId === courier.id)).toBe(true);
    expect(forCourier.items.map((x: { id: number }) => x.id)).not.toContain(mine.id);
    expect((await inject('GET', `/api/deliveries/${mine.id}`, courier)).statusCode).toBe(404);
    expect((await inject('GET', `/api/deliveries/${mine.id}`, courier2)).statusCode).toBe(200);
    const desk = (await inject('GET', '/api/deliveries?size=100', operator)).json();
    expect(desk.items.map((x: { id: number }) => x.id)).toContain(mine.id);
    expect(desk.total).toBeGreaterThan(forCourier.total);
    expect((await inject('GET', '/api/deliveries', rep)).statusCode).toBe(403);
  });

  it('draws the day in one answer: each delivery of the page with its warehouse point and its stops in route order, in scope', async () => {
    const d = (
      await inject('POST', '/api/deliveries', operator, wizard([(await approvedOrder(pharmacies.east3)).id, (await approvedOrder(pharmacies.west2)).id]))
    ).json();
    const day = `from=${today()}&to=${today()}&size=100`;
    const desk = await inject('GET', `/api/deliveries/map?${day}`, operator);
    expect(desk.statusCode, desk.body).toBe(200);
    const onMap = desk.json().items.find((x: { id: number }) => x.id === d.id);
    const full = (await inject('GET', `/api/deliveries/${d.id}`, operator)).json();
    expect(onMap).toMatchObject({
      number: full.number,
      status: 'planned',
      warehouseLat: depot.lat,
      warehouseLng: depot.lng,
      distanceM: full.distanceM,
      stopCount: 2,
    });
    expect(onMap.stops).toEqual(
      full.stops.map((s: { id: number; sequence: number; organizationName: string; address: string; lat: number; lng: number; status: string }) => ({
        id: s.id,
        sequence: s.sequence,
        organizationName: s.organizationName,
        address: s.address,
        lat: s.lat,
        lng: s.lng,
        status: s.status,
      })),
    );
    // the same page as the list, with the same filters and total
    const list = (await inject('GET', `/api/deliveries?${day}`, operator)).json();
    expect(desk.json().items.map((x: { id: number }) => x.id)).toEqual(list.items.map((x: { id: number }) => x.id));
    expect(desk.json().total).toBe(list.total);
    // every delivery brings its own stops, never another's
    for (const item of desk.json().items as { id: number; stopCount: number; stops: unknown[] }[]) expect(item.stops).toHaveLength(item.stopCount);

    // a courier's map holds their own deliveries only; a rep has no map
    const courierMap = (await inject('GET', `/api/deliveries/map?${day}`, courier)).json();
    expect(courierMap.items.map((x: { id: number }) => x.id)).toContain(d.id);
    expect(courierMap.items.every((x: { courierId: number }) => x.courierId === courier.id)).toBe(true);
    expect((await inject('GET', `/api/deliveries/map?${day}`, courier2)).json().items.map((x: { id: number }) => x.id)).not.toContain(d.id);
    expect((await inject('GET', `/api/deliveries/map?${day}`, rep)).statusCode).toBe(403);
    expect((await inject('GET', '/api/deliveries/map?size=7', operator)).statusCode).toBe(400);
  });
});

describe('a stop delivered in part or refused at the door', () => {
  /** Two orders on the way: the first of 4 paracetamol and 3 syrups, the second of 2 paracetamol. */
  async function onTheWay() {
    const created = await inject('POST', '/api/orders', rep, {
      organizationId: pharmacies.east1,
      deliveryAddress: 'x',
      prepaymentPercent: 30,
      positions: [
        { productId, quantity: 4 },
        { productId: syrupId, quantity: 3 },
      ],
    });
    const big = created.json();
    // its 30 % prepayment is to be paid at the door: the operator approves it with a reason (decision 022)
    for (const body of [{ to: 'in_processing' }, { to: 'approved_for_shipment', overrideReason: 'Предоплата при доставке' }])
      expect((await inject('POST', `/api/orders/${big.id}/move`, operator, body)).statusCode).toBe(200);
    const small = await approvedOrder(pharmacies.west2);
    const d = (await inject('POST', '/api/deliveries', operator, wizard([big.id, small.id]))).json();
    for (const step of ['assemble', 'ready', 'handOver'])
      expect((await inject('POST', `/api/deliveries/${d.id}/warehouse-step`, employee, { step })).statusCode).toBe(200);
    const stopOf = (orderId: number) => (d.stops as { id: number; orderId: number }[]).find((x) => x.orderId === orderId)!.id;
    return { d, big, small, bigStop: stopOf(big.id), smallStop: stopOf(small.id) };
  }
  const where = { lat: east1.lat, lng: east1.lng, accuracy: 8 };

  it('keeps what the client took, puts the rest back on its batch, reprices the order to the tiyin', async () => {
    const { d, big, bigStop } = await onTheWay();
    const before = await batchRow(t.db, syrupBatch);
    const order = (await inject('GET', `/api/orders/${big.id}`, admin)).json();
    const syrup = order.positions.find((p: { productId: number }) => p.productId === syrupId);
    const para = order.positions.find((p: { productId: number }) => p.productId === productId);
    const url = `/api/deliveries/${d.id}/stops/${bigStop}/deliver-partly`;

    for (const [positions, field] of [
      [[{ positionId: syrup.id, quantity: 4 }], 'positions.0.quantity'],
      [[{ positionId: 999_999, quantity: 1 }], 'positions.0.positionId'],
      [[{ positionId: syrup.id, quantity: 3 }], 'positions'],
      [
        [
          { positionId: syrup.id, quantity: 0 },
          { positionId: para.id, quantity: 0 },
        ],
        'positions',
      ],
    ] as const) {
      const bad = await inject('POST', url, courier, { ...where, recipientName: 'Каримова', positions });
      expect(bad.statusCode, JSON.stringify(positions)).toBe(400);
      expect(Object.keys(bad.json().fields)).toContain(field);
    }

    const noPhoto = await inject('POST', url, courier, { ...where, recipientName: 'Каримова', positions: [{ positionId: syrup.id, quantity: 1 }] });
    expect(noPhoto.json().code).toBe('DELIVERY_PHOTO_REQUIRED');
    expect((await batchRow(t.db, syrupBatch)).onHand).toBe(before.onHand);
    expect((await photo(d.id, bigStop)).statusCode).toBe(200);
    const res = await inject('POST', url, courier, { ...where, recipientName: 'Каримова', positions: [{ positionId: syrup.id, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().stops.find((x: { id: number }) => x.id === bigStop)).toMatchObject({
      status: 'partial',
      orderStatus: 'delivered',
      recipientName: 'Каримова',
    });
    expect((await batchRow(t.db, syrupBatch)).onHand).toBe(before.onHand + 2);
    const after = (await inject('GET', `/api/orders/${big.id}`, admin)).json();
    expect(after.status).toBe('delivered');
    const syrupAfter = after.positions.find((p: { productId: number }) => p.productId === syrupId);
    expect(syrupAfter).toMatchObject({ quantity: 1, sumSale: syrup.salePrice, sumBaseWithVat: syrup.basePriceWithVat });
    const sum = after.positions.reduce((s: number, p: { sumSale: number }) => s + p.sumSale, 0);
    expect(after.sumSale).toBe(sum);
    expect(after.sumSale).toBe(order.sumSale - 2 * syrup.salePrice);
    expect(after.prepaymentAmount).toBe(prepaymentAmount(sum, 30));
    expect(res.json().status).toBe('on_the_way');
  });

  it('refuses at the door only with a reason; the order is cancelled by the courier and its goods come back', async () => {
    const { d, small, smallStop, bigStop, big } = await onTheWay();
    const url = `/api/deliveries/${d.id}/stops/${smallStop}/refuse`;
    const noReason = await inject('POST', url, courier, { ...where, reason: ' ' }, 'ru');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Обязательное поле');
    const position = (await inject('GET', `/api/orders/${small.id}`, admin)).json().positions[0];
    const before = await batchRow(t.db, position.batchId);
    expect((await inject('POST', url, courier2, { ...where, reason: 'Аптека закрыта на ремонт' })).statusCode).toBe(404);
    const res = await inject('POST', url, courier, { ...where, reason: 'Аптека закрыта на ремонт' });
    expect(res.statusCode).toBe(200);
    expect(res.json().stops.find((x: { id: number }) => x.id === smallStop)).toMatchObject({
      status: 'refused',
      refusalReason: 'Аптека закрыта на ремонт',
      orderStatus: 'cancelled',
    });
    expect((await batchRow(t.db, position.batchId)).onHand).toBe(before.onHand + position.quantity);
    const cancelled = (await inject('GET', `/api/orders/${small.id}`, admin)).json();
    expect(cancelled.history.at(-1)).toMatchObject({ from: 'shipped', to: 'cancelled', byName: courier.fullName, reason: 'Аптека закрыта на ремонт' });
    expect((await inject('POST', url, courier, { ...where, reason: 'again' })).json().code).toBe('DELIVERY_STATUS_REFUSED');
    // the last stop closes the delivery, whatever its outcome
    expect((await photo(d.id, bigStop)).statusCode).toBe(200);
    const done = await inject('POST', `/api/deliveries/${d.id}/stops/${bigStop}/deliver`, courier, { ...where, recipientName: 'Каримова' });
    expect(done.json().status).toBe('completed');
    expect(await statusOf(big.id)).toBe('delivered');
  });

  it("is the courier's part only: the operator may not refuse a shipped order", async () => {
    const { small } = await onTheWay();
    const res = await inject('POST', `/api/orders/${small.id}/move`, operator, { to: 'cancelled', reason: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ORDER_MOVE_NOT_ALLOWED');
  });
});

describe('the proof photo of the signed waybill and the courier position', () => {
  /** One order on the way with the courier. */
  async function oneOnTheWay(courierId = courier.id) {
    const order = await approvedOrder(pharmacies.east1);
    const d = (await inject('POST', '/api/deliveries', operator, wizard([order.id], { courierId }))).json();
    return { d, stopId: d.stops[0].id as number, order };
  }
  const handOver = async (id: number, steps = ['assemble', 'ready', 'handOver']) => {
    for (const step of steps) expect((await inject('POST', `/api/deliveries/${id}/warehouse-step`, employee, { step })).statusCode).toBe(200);
  };

  it('keeps the photo of the courier of the delivery, on the way, for a pending stop; shows it to the desk and the warehouse', async () => {
    const { d, stopId } = await oneOnTheWay();
    expect((await photo(d.id, stopId)).json().code).toBe('DELIVERY_STATUS_REFUSED'); // not handed over yet
    await handOver(d.id);
    expect((await photo(d.id, stopId, courier2)).statusCode).toBe(404);
    expect((await photo(d.id, stopId, operator)).statusCode).toBe(403);
    expect((await photo(d.id, stopId, rep)).statusCode).toBe(403);
    expect((await photo(d.id, 999_999)).statusCode).toBe(404);
    expect((await inject('GET', `/api/deliveries/${d.id}/stops/${stopId}/photo`, operator)).statusCode).toBe(404);

    const res = await photo(d.id, stopId);
    expect(res.statusCode).toBe(200);
    expect(res.json().stops[0]).toMatchObject({ id: stopId, hasPhoto: true });
    for (const user of [courier, operator, employee, admin]) {
      const got = await inject('GET', `/api/deliveries/${d.id}/stops/${stopId}/photo`, user);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);
    }
    expect((await inject('GET', `/api/deliveries/${d.id}/stops/${stopId}/photo`, courier2)).statusCode).toBe(404);
    expect((await inject('GET', `/api/deliveries/${d.id}/stops/${stopId}/photo`, rep)).statusCode).toBe(403);

    // a new photo replaces the previous one while the stop is pending
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    expect((await photo(d.id, stopId, courier, { contentType: 'image/jpeg', data: jpeg.toString('base64') })).statusCode).toBe(200);
    const replaced = await inject('GET', `/api/deliveries/${d.id}/stops/${stopId}/photo`, operator);
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect(replaced.rawPayload.equals(jpeg)).toBe(true);

    const delivered = await inject('POST', `/api/deliveries/${d.id}/stops/${stopId}/deliver`, courier, {
      lat: east1.lat,
      lng: east1.lng,
      accuracy: 5,
      recipientName: 'Каримова',
    });
    expect(delivered.json()).toMatchObject({ status: 'completed', closedCount: 1, deliveredCount: 1 });
    expect((await photo(d.id, stopId)).json().code).toBe('DELIVERY_STATUS_REFUSED');
  });

  it('refuses anything but a JPEG or PNG up to 5 MB, with a localized field error', async () => {
    const { d, stopId } = await oneOnTheWay();
    await handOver(d.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contentType: 'image/gif', data: png }, 'contentType', 'The photo must be a JPEG or PNG image'],
      [{ contentType: 'image/jpeg', data: png }, 'data', 'The photo must be a JPEG or PNG image'],
      [{ contentType: 'image/png', data: Buffer.from('<svg></svg>').toString('base64') }, 'data', 'The photo must be a JPEG or PNG image'],
      [{ contentType: 'image/png', data: 'not base64!' }, 'data', 'The photo must be a JPEG or PNG image'],
      [{ contentType: 'image/png', data: '' }, 'data', 'Required field'],
      [{ contentType: 'image/png' }, 'data', 'Required field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await photo(d.id, stopId, courier, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    // a PNG of 5 MB + 1 byte is refused, a large one within the limit is kept whole
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(png, 'base64').copy(big);
    const tooBig = await photo(d.id, stopId, courier, { contentType: 'image/png', data: big.toString('base64') });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields.data).toBe('The photo must be at most 5 MB');
    const ru = await inject('POST', `/api/deliveries/${d.id}/stops/${stopId}/photo`, courier, { contentType: 'image/png', data: big.toString('base64') }, 'ru');
    expect(ru.json().fields.data).toBe('Фото должно быть не больше 5 МБ');
    const large = big.subarray(0, 1024 * 1024);
    large.fill(7, 8);
    expect((await photo(d.id, stopId, courier, { contentType: 'image/png', data: large.toString('base64') })).statusCode).toBe(200);
    const got = await inject('GET', `/api/deliveries/${d.id}/stops/${stopId}/photo`, employee);
    expect(got.rawPayload.equals(large)).toBe(true);
    // far beyond the limit: refused before it is read
    const huge = await photo(d.id, stopId, courier, { contentType: 'image/png', data: 'A'.repeat(9 * 1024 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('VALIDATION_FAILED');
  });

  it('keeps the position shared by the courier of an active delivery, for the desk to see', async () => {
    const { d } = await oneOnTheWay();
    const url = `/api/deliveries/${d.id}/position`;
    const here = { lat: east1.lat, lng: east1.lng, accuracy: 14 };
    expect((await inject('GET', `/api/deliveries/${d.id}`, operator)).json().courierPosition).toBeNull();
    expect((await inject('POST', url, courier2, here)).statusCode).toBe(404);
    expect((await inject('POST', url, operator, here)).statusCode).toBe(403);
    expect((await inject('POST', url, admin, here)).statusCode).toBe(403);
    expect((await inject('POST', url, employee, here)).statusCode).toBe(403);
    const bad = await inject('POST', url, courier, { ...here, lat: 100 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['lat']);

    expect((await inject('POST', url, courier, here)).statusCode).toBe(204);
    const seen = (await inject('GET', `/api/deliveries/${d.id}`, operator)).json().courierPosition;
    expect(seen).toMatchObject({ lat: here.lat, lng: here.lng, accuracy: 14 });
    expect(seen.at).toMatch(/Z$/);
    const listed = (await inject('GET', '/api/deliveries?tab=active&size=100', employee)).json().items.find((x: { id: number }) => x.id === d.id);
    expect(listed.courierPosition).toMatchObject({ lat: here.lat, lng: here.lng });

    await handOver(d.id);
    const moved = { lat: west2.lat, lng: west2.lng, accuracy: 30 };
    expect((await inject('POST', url, courier, moved)).statusCode).toBe(204);
    expect((await inject('GET', `/api/deliveries/${d.id}`, courier)).json().courierPosition).toMatchObject(moved);

    // completed: no longer shared, and not taken any more
    const stopId = d.stops[0].id;
    expect((await photo(d.id, stopId)).statusCode).toBe(200);
    expect((await inject('POST', `/api/deliveries/${d.id}/stops/${stopId}/deliver`, courier, { ...here, recipientName: 'Каримова' })).json().status).toBe(
      'completed',
    );
    expect((await inject('POST', url, courier, here)).json().code).toBe('DELIVERY_STATUS_REFUSED');
    expect((await inject('GET', `/api/deliveries/${d.id}`, operator)).json().courierPosition).toBeNull();
  });
});

describe("the wizard's pick-list (GET /api/deliveries/shippable)", () => {
  it('lists orders approved for shipment in no delivery, with their point and weight; the desk and the warehouse only (nothing to pick for anyone else)', async () => {
    const a = await approvedOrder(pharmacies.east1);
    const b = await approvedOrder(pharmacies.west2);
    const list = async () => {
      const res = await inject('GET', '/api/deliveries/shippable', operator);
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; weightG: number; lat: number | null; organizationId: number; address: string }[];
    };
    const before = await list();
    expect(before.find((o) => o.id === a.id)).toMatchObject({
      weightG: 500,
      lat: east1.lat,
      organizationId: pharmacies.east1,
      address: "Bunyodkor ko'chasi, 12",
    });
    expect(before.some((o) => o.id === b.id)).toBe(true);
    expect((await inject('POST', '/api/deliveries', operator, wizard([a.id]))).statusCode).toBe(201);
    const after = await list();
    expect(after.some((o) => o.id === a.id)).toBe(false);
    expect(after.some((o) => o.id === b.id)).toBe(true);
    expect((await inject('GET', '/api/deliveries/shippable', employee)).statusCode).toBe(200);
    expect((await inject('GET', '/api/deliveries/shippable', courier)).json()).toEqual([]);
  });
});
