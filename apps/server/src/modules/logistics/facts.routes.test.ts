import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addDays, movePoint, shareOfStop, type DeliveryFact, type DeliveryFacts } from '@pharma/contracts';
import { createTestApp, type makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { depotWithSyrup, logisticsPeople } from '../../test/order-fixtures.js';
import { today } from '../../test/stock-fixtures.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, employee: U, rep: U, courier: U, courier2: U;
let warehouseId: number, productId: number, carId: number;
const depot = { lat: 41.2995, lng: 69.2401 };
const points = [movePoint(depot, 1000, 90), movePoint(depot, 3000, 90), movePoint(depot, 2000, 270)];
const pharmacies: number[] = [];
interface Made {
  id: number;
  boxCount: number;
  distanceM: number;
  cost: number;
  stops: { id: number }[];
}
let byCar: Made, onFoot: Made;

const inject = (method: 'GET' | 'POST', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });

async function approvedOrder(organizationId: number): Promise<number> {
  const created = await inject('POST', '/api/orders', rep, {
    organizationId,
    deliveryAddress: "Bunyodkor ko'chasi, 12",
    positions: [{ productId, quantity: 2 }],
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json();
  for (const to of ['in_processing', 'approved_for_shipment']) expect((await inject('POST', `/api/orders/${id}/move`, operator, { to })).statusCode).toBe(200);
  return id;
}

/** A delivery through the wizard, taken by the warehouse and handed to its courier. */
async function handedOver(orderIds: number[], body: Record<string, unknown>): Promise<Made> {
  const res = await inject('POST', '/api/deliveries', operator, {
    orderIds,
    date: today(),
    address: 'Ташкент, Юнусабад',
    warehouseId,
    pricePerKm: 210_000,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const d = res.json();
  for (const step of ['assemble', 'ready', 'handOver'])
    expect((await inject('POST', `/api/deliveries/${d.id}/warehouse-step`, employee, { step })).statusCode).toBe(200);
  return d;
}

const proof = { ...depot, accuracy: 12 };
const facts = async (query: string, user: U = operator) => {
  const res = await inject('GET', `/api/deliveries/facts?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeliveryFacts;
};

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  ({ admin, operator, employee, rep, courier, courier2 } = await logisticsPeople(t.db));
  await assignTerritory(t.db, rep.id, chilonzor);
  const terms = { creditLimit: 100_000_000_000, creditDays: 30 };
  for (const p of points)
    pharmacies.push(
      (await createOrganization(t.app, admin, organizationBody(chilonzor, { ...terms, lat: p.lat, lng: p.lng, deliveryLat: p.lat, deliveryLng: p.lng }))).id,
    );
  ({ warehouseId, productId } = await depotWithSyrup(t.db, depot));
  carId = (
    await inject('POST', '/api/cars', employee, { plate: '01 A 123 BC', model: 'Damas', capacityKg: 800, capacityBoxes: 60, courierId: courier.id })
  ).json().id;

  // by car: three stops, 7 boxes (7 = 3 + 2 + 2 over the stops), two delivered and one refused at the door
  byCar = await handedOver([await approvedOrder(pharmacies[0]!), await approvedOrder(pharmacies[1]!), await approvedOrder(pharmacies[2]!)], {
    type: 'car',
    carId,
    courierId: courier.id,
    boxCount: 7,
    pricePerBox: 500_000,
    // 3 500 000 tiyin: not a multiple of 3, so the remainder is shared out
    pricePerKm: 0,
  });
  const [s1, s2, s3] = byCar.stops;
  // the waybill photo is part of the proof of a delivered stop (decision 014)
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const photo = async (deliveryId: number, stopId: number, user: { id: number }) =>
    expect((await inject('POST', `/api/deliveries/${deliveryId}/stops/${stopId}/photo`, user, { contentType: 'image/png', data: png })).statusCode).toBe(200);
  await photo(byCar.id, s1!.id, courier);
  await photo(byCar.id, s2!.id, courier);
  expect((await inject('POST', `/api/deliveries/${byCar.id}/stops/${s1!.id}/deliver`, courier, { ...proof, recipientName: 'Dilnoza' })).statusCode).toBe(200);
  expect((await inject('POST', `/api/deliveries/${byCar.id}/stops/${s2!.id}/deliver`, courier, { ...proof, recipientName: 'Aziz' })).statusCode).toBe(200);
  expect((await inject('POST', `/api/deliveries/${byCar.id}/stops/${s3!.id}/refuse`, courier, { ...proof, reason: 'Closed' })).statusCode).toBe(200);
  // on foot: one stop delivered; a second delivery handed over but not delivered yet is no fact
  onFoot = await handedOver([await approvedOrder(pharmacies[0]!)], { type: 'ownCourier', courierId: courier2.id, boxCount: 2, pricePerBox: 300_000 });
  await photo(onFoot.id, onFoot.stops[0]!.id, courier2);
  expect(
    (await inject('POST', `/api/deliveries/${onFoot.id}/stops/${onFoot.stops[0]!.id}/deliver`, courier2, { ...proof, recipientName: 'Bobur' })).statusCode,
  ).toBe(200);
  await handedOver([await approvedOrder(pharmacies[1]!)], { type: 'ownCourier', courierId: courier2.id, boxCount: 1, pricePerBox: 300_000 });
});
afterAll(() => t.close());

const sum = (rows: DeliveryFact[], key: 'boxes' | 'distanceM' | 'cost') => rows.reduce((s, r) => s + r[key], 0);

describe('delivered facts (GET /api/deliveries/facts)', () => {
  it('lists the closed stops of the period, each with its share of the delivery, the shares adding up to the delivery', async () => {
    const all = await facts(`from=${today()}&to=${today()}`);
    expect(all.total).toBe(4);
    expect(all.items.map((f) => f.status).sort()).toEqual(['delivered', 'delivered', 'delivered', 'refused']);
    const ofCar = all.items.filter((f) => f.deliveryId === byCar.id);
    expect(ofCar).toHaveLength(3);
    expect(byCar.cost % 3).not.toBe(0); // the remainder is shared out, not lost
    expect(sum(ofCar, 'boxes')).toBe(7);
    expect(sum(ofCar, 'distanceM')).toBe(byCar.distanceM);
    expect(sum(ofCar, 'cost')).toBe(byCar.cost);
    const byStopId = [...ofCar].sort((a, b) => a.stopId - b.stopId);
    byStopId.forEach((f, rank) => expect(f.cost).toBe(shareOfStop(byCar.cost, 3, rank)));
    expect(byStopId.map((f) => f.boxes)).toEqual([3, 2, 2]);
    const foot = all.items.find((f) => f.deliveryId === onFoot.id)!;
    expect(foot).toMatchObject({
      boxes: 2,
      cost: onFoot.cost,
      distanceM: onFoot.distanceM,
      courierId: courier2.id,
      carId: null,
      recipientName: 'Bobur',
      type: 'ownCourier',
    });
    expect(ofCar[0]).toMatchObject({ courierId: courier.id, carPlate: '01 A 123 BC', type: 'car' });
    expect(ofCar.find((f) => f.status === 'refused')!.recipientName).toBeNull();
    expect(all.items[0]!.deliveredAt >= all.items[3]!.deliveredAt).toBe(true);
  });

  it('totals the period all together, per courier and per car', async () => {
    const { totals } = await facts(`from=${today()}&to=${today()}&size=25`);
    expect(totals.all).toEqual({
      id: null,
      name: null,
      stops: 4,
      deliveries: 2,
      boxes: 9,
      distanceM: byCar.distanceM + onFoot.distanceM,
      cost: byCar.cost + onFoot.cost,
    });
    const ofCourier = Object.fromEntries(totals.byCourier.map((r) => [r.id, r]));
    expect(ofCourier[courier.id]).toMatchObject({ stops: 3, deliveries: 1, boxes: 7, cost: byCar.cost, distanceM: byCar.distanceM });
    expect(ofCourier[courier2.id]).toMatchObject({ stops: 1, deliveries: 1, boxes: 2, cost: onFoot.cost });
    expect(totals.byCar).toEqual([
      { id: carId, name: '01 A 123 BC', stops: 3, deliveries: 1, boxes: 7, distanceM: byCar.distanceM, cost: byCar.cost },
      { id: null, name: null, stops: 1, deliveries: 1, boxes: 2, distanceM: onFoot.distanceM, cost: onFoot.cost },
    ]);
    const sums = (rows: { cost: number }[]) => rows.reduce((s, r) => s + r.cost, 0);
    expect(sums(totals.byCourier)).toBe(totals.all.cost);
    expect(sums(totals.byCar)).toBe(totals.all.cost);
  });

  it('filters by courier, car and dates, pages, and keeps a courier to their own facts', async () => {
    expect((await facts(`courierId=${courier2.id}`)).total).toBe(1);
    const car = await facts(`carId=${carId}`);
    expect(car.total).toBe(3);
    expect(car.totals.all.cost).toBe(byCar.cost);
    expect((await facts(`from=${addDays(today(), -3)}&to=${addDays(today(), -1)}`)).total).toBe(0);
    expect((await facts(`from=${addDays(today(), 1)}`)).totals.all).toMatchObject({ stops: 0, cost: 0 });
    const first = await facts('size=25&page=1&sort=cost');
    expect(first.items.map((f) => f.cost)).toEqual([...first.items.map((f) => f.cost)].sort((a, b) => a - b));
    const own = await facts('', courier2);
    expect(own.total).toBe(1);
    expect(own.totals.byCourier.map((r) => r.id)).toEqual([courier2.id]);
    const bad = await inject('GET', `/api/deliveries/facts?from=${today()}&to=${addDays(today(), -1)}`, operator);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('to');
    expect((await inject('GET', '/api/deliveries/facts', rep)).statusCode).toBe(403);
  });

  it('exports the same facts as .xlsx: titles in the requester language, money in sum, km', async () => {
    const res = await inject('GET', `/api/deliveries/facts.xlsx?from=${today()}&to=${today()}`, operator, undefined, 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/delivery-facts-.*\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Факты доставки');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Стоимость');
    expect(header).toContain('Получатель');
    expect(sheet.rowCount).toBe(5);
    const costColumn = header.indexOf('Стоимость') + 1;
    const boxesColumn = header.indexOf('Коробки') + 1;
    let cost = 0;
    let boxes = 0;
    for (let r = 2; r <= 5; r++) {
      cost += Number(sheet.getRow(r).getCell(costColumn).value);
      boxes += Number(sheet.getRow(r).getCell(boxesColumn).value);
    }
    expect(Math.round(cost * 100)).toBe(byCar.cost + onFoot.cost);
    expect(boxes).toBe(9);
    const statuses = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(header.indexOf('Итог') + 1).value);
    expect(statuses).toContain('Отказ');
    expect(statuses).toContain('Доставлено');
  });
});
