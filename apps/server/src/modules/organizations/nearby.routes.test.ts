import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters, movePoint, type LatLng } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place, type Place } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, rep: U, otherRep: U, courier: U;
let chilonzor: Place, yunusobod: Place;
const here: LatLng = { lat: 41.2857, lng: 69.2034 };
const inside: number[] = [];
const outside: number[] = [];
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const nearby = (user: { id: number }, p: LatLng, extra = '') =>
  t.app.inject({ method: 'GET', url: `/api/organizations/nearby?lat=${p.lat}&lng=${p.lng}${extra}`, headers: as(user) });

beforeAll(async () => {
  t = await createTestApp();
  chilonzor = await place(t.db, 'TK', 'Chilonzor');
  yunusobod = await place(t.db, 'TK', 'Yunusobod');
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  otherRep = await makeUser(t.db, 'rep', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, otherRep.id, yunusobod);
  // around the point, in eight directions: 199 m (inside the 200 m radius) and 201 m (outside)
  for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
    for (const [meters, list] of [
      [199, inside],
      [201, outside],
    ] as const) {
      const p = movePoint(here, meters, bearing);
      const o = await createOrganization(
        t.app,
        admin,
        organizationBody(chilonzor, { name: `Point ${meters}m ${bearing}°`, type: bearing % 90 ? 'hospital' : 'pharmacy', ...p }),
      );
      list.push(o.id);
    }
  }
  // right at the edge, a decimetre either way
  inside.push((await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Edge 199.9', ...movePoint(here, 199.9, 10) }))).id);
  outside.push((await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Edge 200.1', ...movePoint(here, 200.1, 10) }))).id);
  // no coordinates at all
  outside.push((await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'No point' }))).id);
});
afterAll(() => t.close());

describe('GET /api/organizations/nearby (spec §9: 200 m)', () => {
  it('finds every organization at 199 m and none at 201 m, nearest first', async () => {
    const res = await nearby(admin, here);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.radius).toBe(200);
    expect(body.items.map((o: { id: number }) => o.id).sort()).toEqual([...inside].sort());
    for (const id of outside) expect(body.items.map((o: { id: number }) => o.id)).not.toContain(id);
    const distances = body.items.map((o: { distance: number }) => o.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const o of body.items as { lat: number; lng: number; distance: number }[]) {
      expect(o.distance).toBeLessThanOrEqual(200);
      expect(Math.abs(o.distance - distanceMeters(here, o)), 'SQL and contracts agree').toBeLessThan(0.1);
    }
  });

  it('answers an empty list when nothing is within 200 m (the screen shows the spec message)', async () => {
    const res = await nearby(admin, movePoint(here, 5_000, 0));
    expect(res.json()).toEqual({ radius: 200, items: [] });
  });

  it('filters by type and name, and keeps to the territories', async () => {
    const hospitals = (await nearby(admin, here, '&type=hospital')).json();
    expect(hospitals.items.length).toBe(4);
    expect(hospitals.items.every((o: { type: string }) => o.type === 'hospital')).toBe(true);
    const named = (await nearby(admin, here, `&q=${encodeURIComponent('point 199')}`)).json();
    expect(named.items).toHaveLength(8);
    expect((await nearby(rep, here)).json().items).toHaveLength(inside.length);
    expect((await nearby(otherRep, here)).json().items).toEqual([]);
    expect((await nearby(courier, here)).statusCode).toBe(403);
  });

  it('refuses a point outside Uzbekistan or a missing coordinate', async () => {
    const swapped = await t.app.inject({ method: 'GET', url: `/api/organizations/nearby?lat=${here.lng}&lng=${here.lat}`, headers: as(admin, 'ru') });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().fields.lat).toBe('Выберите на карте точку в пределах Узбекистана');
    const missing = await t.app.inject({ method: 'GET', url: `/api/organizations/nearby?lat=${here.lat}`, headers: as(admin) });
    expect(missing.json().fields.lng).toBe('Required field');
  });
});

describe('/point-visit: search by name and by distance from the user', () => {
  it('orders the list by distance from the given point, with the distance of each row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/organizations?size=100&type=pharmacy,hospital,healthcare&lat=${here.lat}&lng=${here.lng}&sort=distance`,
      headers: as(admin),
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: number; distance: number | null }[];
    const withPoint = items.filter((o) => o.distance !== null);
    expect(withPoint.map((o) => o.distance)).toEqual(withPoint.map((o) => o.distance).sort((a, b) => a! - b!));
    // no point: last
    expect(items.at(-1)!.distance).toBeNull();
    expect(res.json().nextCursor).toBeNull();
  });

  it('searches by name (≥ 4 characters) near the user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/organizations?q=${encodeURIComponent('Point 201')}&lat=${here.lat}&lng=${here.lng}&sort=distance`,
      headers: as(admin),
    });
    const items = res.json().items as { name: string; distance: number }[];
    expect(items).toHaveLength(8);
    expect(items.every((o) => o.name.startsWith('Point 201m') && o.distance > 200 && o.distance < 202)).toBe(true);
    const short = await t.app.inject({ method: 'GET', url: `/api/organizations?q=Poi&lat=${here.lat}&lng=${here.lng}`, headers: as(admin) });
    expect(short.statusCode).toBe(400);
  });
});
