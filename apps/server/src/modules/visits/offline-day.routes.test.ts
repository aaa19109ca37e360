import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextPhone, organizationBody, place } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, rep: U, otherRep: U;
let pharmacyId = 0;
const get = (user: U, url: string) => t.app.inject({ method: 'GET', url, headers: headers(t.app, user, 'en') });
/** A visit of the rep at the pharmacy on the day `days` from today, at 10:00 Tashkent. */
const plan = async (user: U, days: number) => {
  const date = addDays(businessDate(), days);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/visits',
    headers: headers(t.app, user, 'en'),
    payload: { organizationId: pharmacyId, representativeId: user.id, plannedStart: `${date}T10:00:00+05:00`, plannedEnd: `${date}T11:00:00+05:00` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  const district = await place(t.db, 'TK', 'Chilonzor');
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  otherRep = await makeUser(t.db, 'rep', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, district);
  await assignTerritory(t.db, otherRep.id, district);
  pharmacyId = (await createOrganization(t.app, admin, organizationBody(district, { name: 'Аптека Офлайн' }))).id;
  const doctor = await t.app.inject({
    method: 'POST',
    url: '/api/doctors',
    headers: headers(t.app, admin, 'en'),
    payload: { firstName: 'Malika', lastName: 'Offlaynova', phone: nextPhone(), specialization: 'therapist', organizationId: pharmacyId },
  });
  expect(doctor.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('GET /api/visits/offline-day', () => {
  it("answers the rep's own open visits of the coming days, each with its order, organization and doctors", async () => {
    const today = await plan(rep, 0);
    const inSix = await plan(rep, 6);
    const beyond = await plan(rep, 7);
    await plan(otherRep, 1);
    const cancelled = await plan(rep, 2);
    expect((await t.app.inject({ method: 'POST', url: `/api/visits/${cancelled}/cancel`, headers: headers(t.app, rep, 'en'), payload: {} })).statusCode).toBe(
      200,
    );

    const res = await get(rep, '/api/visits/offline-day?days=7');
    expect(res.statusCode).toBe(200);
    const day = res.json();
    expect(day.visits.map((v: { id: number }) => v.id)).toEqual([today, inSix]);
    expect(day.visits.map((v: { id: number }) => v.id)).not.toContain(beyond);
    expect(day.orders.map((o: { visitId: number }) => o.visitId)).toEqual([today, inSix]);
    expect(day.orders[0].order).toMatchObject({ reservations: [], preOrders: [] });
    expect(day.organizations).toEqual([expect.objectContaining({ id: pharmacyId, name: 'Аптека Офлайн' })]);
    expect(day.doctors).toEqual([
      { organizationId: pharmacyId, list: expect.objectContaining({ total: 1, items: [expect.objectContaining({ lastName: 'Offlaynova' })] }) },
    ]);
  });

  it('a user without visits of their own gets an empty day; days outside 1–14 are refused naming the field', async () => {
    const empty = await get(admin, '/api/visits/offline-day?days=3');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ visits: [], orders: [], organizations: [], doctors: [] });
    const bad = await get(rep, '/api/visits/offline-day?days=15');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['days']);
  });

  it('needs sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/visits/offline-day?days=7' })).statusCode).toBe(401);
  });
});
