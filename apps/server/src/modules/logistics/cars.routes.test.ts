import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { headers } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, employee: U, rep: U, courier: U, retired: U;
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const body = (extra: Record<string, unknown> = {}) => ({ plate: '01 a 123 bc', model: 'Damas', capacityKg: 600, capacityBoxes: 40, ...extra });
const post = (payload: Record<string, unknown>, user = employee, lng = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/cars', headers: as(user, lng), payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  operator = await makeUser(t.db, 'operator', { managerId: admin.id });
  employee = await makeUser(t.db, 'employee', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  retired = await makeUser(t.db, 'courier', { managerId: admin.id, active: false });
});
afterAll(() => t.close());

describe('cars (issue 7: the fleet)', () => {
  it('adds a car with its plate normalised and shown with spaces, its usual courier, and audits it', async () => {
    const res = await post(body({ courierId: courier.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      plate: '01 A 123 BC',
      model: 'Damas',
      capacityKg: 600,
      capacityBoxes: 40,
      courierId: courier.id,
      courierName: courier.fullName,
      active: true,
    });
    const audit = (await t.app.inject({ method: 'GET', url: `/api/audit?entity=car&entityId=${res.json().id}`, headers: as(admin) })).json();
    expect(audit.items[0]).toMatchObject({ action: 'create' });
    const organizationPlate = await post(body({ plate: '10 123 abc', model: 'Isuzu NQR', capacityKg: 5000, capacityBoxes: 300 }), operator);
    expect(organizationPlate.json().plate).toBe('10 123 ABC');
  });

  it('refuses the same plate twice, however it is spelled', async () => {
    const res = await post(body({ plate: '01A123BC' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.plate).toBe('This value is repeated');
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a malformed plate', { plate: '01 AB 12' }, 'plate', 'A number plate looks like 01 A 123 BC or 01 123 ABC'],
    ['an empty plate', { plate: ' ' }, 'plate', 'Required field'],
    ['no model', { model: '' }, 'model', 'Required field'],
    ['a zero capacity', { capacityKg: 0 }, 'capacityKg', ''],
    ['too many boxes', { capacityBoxes: 2001 }, 'capacityBoxes', ''],
    ['a driver who is not a courier', { courierId: 0 }, 'courierId', ''],
  ];
  for (const [name, change, field, message] of bad) {
    it(`refuses ${name}, naming the field`, async () => {
      const res = await post(body({ plate: '01 B 777 AA', ...change }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    });
  }

  it('takes as usual courier only an active user with the courier role', async () => {
    for (const id of [rep.id, retired.id]) {
      const res = await post(body({ plate: '01 C 555 CC', courierId: id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.courierId).toBe('Choose one of the offered values');
    }
  });

  it('speaks the plate rule in Russian and Uzbek', async () => {
    expect((await post(body({ plate: 'XX' }), employee, 'ru')).json().fields.plate).toBe('Госномер имеет вид 01 A 123 BC или 01 123 ABC');
    expect((await post(body({ plate: 'XX' }), employee, 'uz-Cyrl')).json().fields.plate).toBe('Давлат рақами 01 A 123 BC ёки 01 123 ABC кўринишида бўлади');
  });

  it('lists active cars first, edits and deactivates; a rep may not see or change the fleet', async () => {
    const created = (await post(body({ plate: '01 D 100 DD', model: 'Labo' }))).json();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/cars/${created.id}`,
      headers: as(employee),
      payload: body({ plate: '01 D 100 DD', model: 'Labo', active: false }),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const list = (await t.app.inject({ method: 'GET', url: '/api/cars', headers: as(courier) })).json() as { plate: string; active: boolean }[];
    expect(list.map((c) => c.active)).toEqual([...list.map((c) => c.active)].sort((a, b) => Number(b) - Number(a)));
    expect(list.find((c) => c.plate === '01 D 100 DD')?.active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/cars', headers: as(rep) })).statusCode).toBe(403);
    expect((await post(body({ plate: '01 E 100 EE' }), rep)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/cars/999999', headers: as(employee), payload: body({ plate: '01 E 100 EE' }) })).statusCode).toBe(
      404,
    );
  });
});
