import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { createOrganization, headers, organizationBody, place, type Place } from '../../test/counterparties.js';
import { testDriver } from '../../test/test-database.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, otherChief: U, rep: U, otherRep: U;
let chilonzor: Place, yunusobod: Place, samarkand: Place;
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const put = (user: { id: number }, userId: number, items: unknown[], lng = 'en') =>
  t.app.inject({ method: 'PUT', url: `/api/users/${userId}/territories`, headers: as(user, lng), payload: { items } });

beforeAll(async () => {
  t = await createTestApp();
  chilonzor = await place(t.db, 'TK', 'Chilonzor');
  yunusobod = await place(t.db, 'TK', 'Yunusobod');
  samarkand = await place(t.db, 'SA', 'Samarqand shahri');
  admin = await makeUser(t.db, 'admin');
  chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  otherChief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  otherRep = await makeUser(t.db, 'rep', { managerId: otherChief.id });
});
afterAll(() => t.close());

describe('PUT /api/users/:id/territories (Settings → Staff)', () => {
  it('replaces the territories; the rep then sees exactly those organizations', async () => {
    const inChilonzor = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const inSamarkand = await createOrganization(t.app, admin, organizationBody(samarkand));
    const res = await put(admin, rep.id, [chilonzor, { regionId: samarkand.regionId }, chilonzor]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: rep.id,
      items: [
        { regionId: chilonzor.regionId, districtId: chilonzor.districtId },
        { regionId: samarkand.regionId, districtId: null },
      ].sort((a, b) => a.regionId - b.regionId),
    });
    const seen = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(rep) })).json().items.map((o: { id: number }) => o.id);
    expect(seen.sort()).toEqual([inChilonzor.id, inSamarkand.id].sort());
    expect((await put(admin, rep.id, [yunusobod])).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations', headers: as(rep) })).json().items).toEqual([]);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/users/me/territories', headers: as(rep) })).json();
    expect(mine).toEqual({ userId: rep.id, items: [{ regionId: yunusobod.regionId, districtId: yunusobod.districtId }] });
    const audit = (await t.app.inject({ method: 'GET', url: `/api/audit?entity=userTerritories&entityId=${rep.id}`, headers: as(admin) })).json();
    expect(audit.items).toHaveLength(2);
    expect((await put(admin, rep.id, [])).json().items).toEqual([]);
  });

  it('refuses a district of another region and an unknown region, with localized field errors', async () => {
    const wrong = await put(admin, rep.id, [chilonzor, { regionId: samarkand.regionId, districtId: chilonzor.districtId }], 'ru');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields['items.1.districtId']).toBe('Район не относится к выбранной области');
    const unknown = await put(admin, rep.id, [{ regionId: 999_999 }]);
    expect(unknown.json().fields['items.0.regionId']).toBe('Choose one of the offered values');
    const missing = await put(admin, rep.id, [{ districtId: chilonzor.districtId }]);
    expect(missing.json().fields['items.0.regionId']).toBe('Required field');
  });

  it('needs the right to edit staff (403) and the user in scope (404)', async () => {
    expect((await put(rep, rep.id, [chilonzor])).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${rep.id}/territories`, headers: as(rep) })).statusCode).toBe(403);
    // a chief (users.view, team scope) reads their team's territories, not another team's
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${rep.id}/territories`, headers: as(chief) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${otherRep.id}/territories`, headers: as(chief) })).statusCode).toBe(404);
    expect((await put(admin, 999_999, [chilonzor])).statusCode).toBe(404);
  });

  it("gives a chief the union of the team's territories", async () => {
    await put(admin, rep.id, [chilonzor]);
    await put(admin, otherRep.id, [yunusobod]);
    await put(admin, chief.id, [{ regionId: samarkand.regionId, districtId: samarkand.districtId }]);
    const a = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const b = await createOrganization(t.app, admin, organizationBody(yunusobod));
    const c = await createOrganization(t.app, admin, organizationBody(samarkand));
    const seen = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(chief) })).json().items.map((o: { id: number }) => o.id);
    expect(seen).toContain(a.id);
    expect(seen).toContain(c.id);
    expect(seen).not.toContain(b.id);
  });
});

describe(`concurrent saves (${testDriver}; issue 13 item 17)`, () => {
  it('answers ten concurrent identical PUTs with 200 (never a 5xx) and keeps the one set, no duplicates', async () => {
    const items = [chilonzor, { regionId: samarkand.regionId }, yunusobod];
    const results = await Promise.all(Array.from({ length: 10 }, () => put(admin, otherRep.id, items)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const expected = [
      { regionId: chilonzor.regionId, districtId: chilonzor.districtId },
      { regionId: yunusobod.regionId, districtId: yunusobod.districtId },
      { regionId: samarkand.regionId, districtId: null },
    ].sort((a, b) => a.regionId - b.regionId || (a.districtId ?? 0) - (b.districtId ?? 0));
    const saved = (await t.app.inject({ method: 'GET', url: `/api/users/${otherRep.id}/territories`, headers: as(admin) })).json().items;
    expect([...saved].sort((a: (typeof expected)[0], b: (typeof expected)[0]) => a.regionId - b.regionId || (a.districtId ?? 0) - (b.districtId ?? 0))).toEqual(
      expected,
    );
  });

  it('ends with exactly one of the concurrently saved sets, whichever came last', async () => {
    const sets = [[chilonzor], [yunusobod], [{ regionId: samarkand.regionId }], [chilonzor, yunusobod]];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => put(admin, otherRep.id, sets[i % sets.length]!)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const saved = (await t.app.inject({ method: 'GET', url: `/api/users/${otherRep.id}/territories`, headers: as(admin) })).json().items as {
      regionId: number;
      districtId: number | null;
    }[];
    const asKeys = (list: { regionId: number; districtId?: number | null }[]) =>
      list
        .map((x) => `${x.regionId}:${x.districtId ?? ''}`)
        .sort()
        .join(',');
    expect(sets.map(asKeys)).toContain(asKeys(saved));
  });
});
