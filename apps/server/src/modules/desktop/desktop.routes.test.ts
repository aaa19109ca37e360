import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { overdueVisitDays } from '@pharma/contracts';
import { organizations } from '../organizations/organizations.table.js';
import { visits } from '../visits/visits.table.js';

/** The desktop: the reps' targets (scope), the figures against them, the exceptions inbox and its one-click review. */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, boss: U, chiefA: U, chiefB: U, repA: U, repB: U, operator: U;
let clinic: { id: number };

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown) =>
  t.app.inject({ method, url, headers: headers(t.app, user), ...(payload === undefined ? {} : { payload: payload as object }) });
const here = { lat: 41.2856, lng: 69.2034 };
const position = (lat = here.lat) => ({ position: { lat, lng: here.lng, accuracy: 15, deviceTime: new Date().toISOString() } });

/** A visit completed ≈ 222 m away and at once: questionable (score 30), pending review. */
async function questionable(rep: { id: number }, plannedStart: string) {
  const planned = await inject('POST', '/api/visits', admin, {
    organizationId: clinic.id,
    representativeId: rep.id,
    plannedStart,
    plannedEnd: new Date(Date.parse(plannedStart) + 3_600_000).toISOString(),
  });
  expect(planned.statusCode).toBe(201);
  const id = planned.json().id as number;
  expect((await inject('POST', `/api/visits/${id}/start`, rep, position())).statusCode).toBe(200);
  const done = await inject('POST', `/api/visits/${id}/complete`, rep, position(41.2876));
  expect(done.json()).toMatchObject({ review: 'pending' });
  return id;
}
const inbox = async (user: { id: number }) => {
  const res = await inject('GET', '/api/desktop/exceptions', user);
  expect(res.statusCode).toBe(200);
  return res.json() as { groups: { kind: string; count: number; items: { id: number; link: { screen: string; id: number | null } }[] }[] };
};
const group = (box: Awaited<ReturnType<typeof inbox>>, kind: string) => box.groups.find((g) => g.kind === kind);

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  admin = await makeUser(t.db, 'admin');
  boss = await makeUser(t.db, 'boss', { managerId: admin.id });
  chiefA = await makeUser(t.db, 'chief', { managerId: boss.id });
  chiefB = await makeUser(t.db, 'chief', { managerId: boss.id });
  repA = await makeUser(t.db, 'rep', { managerId: chiefA.id, fullName: 'Турсунов Дилшод' });
  repB = await makeUser(t.db, 'rep', { managerId: chiefB.id, fullName: 'Каримов Бахтиёр' });
  operator = await makeUser(t.db, 'operator', { managerId: admin.id });
  for (const user of [repA, repB, chiefA, chiefB]) await assignTerritory(t.db, user.id, chilonzor);
  clinic = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Семейная поликлиника №7', type: 'healthcare' }));
  await t.db.update(organizations).set(here).where(eq(organizations.id, clinic.id));
});
afterAll(() => t.close());

describe('targets', () => {
  const body = { visitsPerDay: 8, coveragePercent: 70, monthlySum: 5_000_000_000 };

  it('lists the reps of the scope with nothing set, and a chief sets their rep’s targets', async () => {
    const before = await inject('GET', '/api/desktop/targets', chiefA);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([
      { userId: repA.id, fullName: 'Турсунов Дилшод', role: 'rep', visitsPerDay: null, coveragePercent: null, monthlySum: null, updatedAt: null },
    ]);
    const put = await inject('PUT', `/api/desktop/targets/${repA.id}`, chiefA, body);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ userId: repA.id, ...body });
    expect((await inject('GET', '/api/desktop/targets', chiefA)).json()).toMatchObject([{ userId: repA.id, ...body }]);
    // set again: replaced, a null clears one
    const again = await inject('PUT', `/api/desktop/targets/${repA.id}`, chiefA, { ...body, coveragePercent: null });
    expect(again.json()).toMatchObject({ coveragePercent: null, visitsPerDay: 8 });
  });

  it('a boss sees the reps of every team under them; an administrator all', async () => {
    const ids = (r: { json: () => { userId: number }[] }) =>
      r
        .json()
        .map((x) => x.userId)
        .sort((a, b) => a - b);
    expect(ids(await inject('GET', '/api/desktop/targets', boss))).toEqual([repA.id, repB.id].sort((a, b) => a - b));
    expect(ids(await inject('GET', '/api/desktop/targets', admin))).toEqual(expect.arrayContaining([repA.id, repB.id]));
  });

  it('refuses another team’s rep (404), one’s own targets and a rep (403), and values out of range (400)', async () => {
    expect((await inject('PUT', `/api/desktop/targets/${repB.id}`, chiefA, body)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/desktop/targets/${chiefA.id}`, chiefA, body)).statusCode).toBe(403);
    expect((await inject('PUT', `/api/desktop/targets/${repA.id}`, repA, body)).statusCode).toBe(403);
    expect((await inject('PUT', `/api/desktop/targets/${repA.id}`, chiefA, { ...body, coveragePercent: 101 })).statusCode).toBe(400);
    expect((await inject('PUT', `/api/desktop/targets/${repA.id}`, operator, body)).statusCode).toBe(403);
  });
});

describe('figures', () => {
  it('a chief’s team figures are set against the targets; a rep sees their own', async () => {
    const team = await inject('GET', '/api/desktop/figures', chiefA);
    expect(team.statusCode).toBe(200);
    const f = team.json();
    expect(f.todayVisits.plan).toBe(8);
    expect(f.monthSum).toEqual({ plan: 5_000_000_000, fact: 0 });
    expect(f.monthVisits.plan).toBeGreaterThan(8 * 20);
    expect(f.reps).toMatchObject([{ userId: repA.id, monthSum: { plan: 5_000_000_000 } }]);
    expect(f.uncovered).toMatchObject({ count: 1, items: [{ id: clinic.id, name: 'Семейная поликлиника №7' }] });
    const own = (await inject('GET', '/api/desktop/figures', repA)).json();
    expect(own).toMatchObject({ reps: [], todayVisits: { plan: 8 }, coverage: { total: 1 } });
  });
});

describe('the exceptions inbox', () => {
  let ofRepA: number, ofRepB: number;
  beforeAll(async () => {
    ofRepA = await questionable(repA, '2030-02-03T09:00:00+05:00');
    ofRepB = await questionable(repB, '2030-02-04T09:00:00+05:00');
  });

  it('lists a questionable visit of the chief’s rep and not another team’s; the boss sees both', async () => {
    const a = group(await inbox(chiefA), 'questionableVisit')!;
    expect(a.items.map((i) => i.id)).toEqual([ofRepA]);
    expect(a).toMatchObject({ count: 1, items: [{ link: { screen: 'questionableVisits', id: ofRepA } }] });
    expect(group(await inbox(chiefB), 'questionableVisit')!.items.map((i) => i.id)).toEqual([ofRepB]);
    expect(group(await inbox(boss), 'questionableVisit')!.count).toBe(2);
  });

  it('accepting it through the visits’ review leaves the queue', async () => {
    expect((await inject('POST', `/api/visits/${ofRepA}/review`, chiefA, { decision: 'accepted' })).statusCode).toBe(200);
    expect(group(await inbox(chiefA), 'questionableVisit')).toMatchObject({ count: 0, items: [] });
  });

  it('lists the reps with no visit today, and lists every kind for a manager; a rep’s inbox is refused or empty', async () => {
    const box = await inbox(chiefA);
    expect(box.groups.map((g) => g.kind)).toEqual([
      'questionableVisit',
      'creditApproval',
      'overdueVisit',
      'overdueTask',
      'overdueDebt',
      'shortDatedStock',
      'noVisitToday',
    ]);
    expect(group(box, 'noVisitToday')!.items.map((i) => i.id)).toEqual([repA.id]);
    expect((await inbox(repA)).groups).toEqual([]);
    expect((await inject('GET', '/api/desktop/exceptions', operator)).statusCode).toBe(403);
  });
});

describe('overdue visits in the inbox', () => {
  it(`lists a rep's visit overdue in the last ${overdueVisitDays} days, not an older one`, async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const overdue = async (days: number) => {
      const [row] = await t.db
        .insert(visits)
        .values({ organizationId: clinic.id, representativeId: repA.id, status: 'overdue', plannedStart: daysAgo(days), plannedEnd: daysAgo(days) })
        .returning({ id: visits.id });
      return row!.id;
    };
    const recent = await overdue(3);
    await overdue(overdueVisitDays + 2);
    expect(group(await inbox(chiefA), 'overdueVisit')).toMatchObject({ count: 1, items: [{ id: recent }] });
  });
});

describe('overdue tasks in the inbox', () => {
  it("lists the team's open tasks past due, the longest overdue first, not done ones, the chief's own or another team's", async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const give = async (user: U, to: U, title: string, dueAt: string) => {
      const res = await inject('POST', '/api/tasks', user, { title, assigneeIds: [to.id], dueAt, priority: 'normal' });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { ids: number[] }).ids[0]!;
    };
    const late = await give(chiefA, repA, 'Сверить остатки', hoursAgo(5));
    const later = await give(chiefA, repA, 'Позвонить в аптеку', hoursAgo(30));
    const done = await give(chiefA, repA, 'Отправить отчёт', hoursAgo(2));
    await give(chiefA, chiefA, 'Моя задача', hoursAgo(3));
    await give(chiefB, repB, 'Чужая команда', hoursAgo(4));
    await give(chiefA, repA, 'Ещё не срок', new Date(Date.now() + 3_600_000).toISOString());
    for (const to of ['in_progress', 'done']) expect((await inject('POST', `/api/tasks/${done}/move`, repA, { to })).statusCode).toBe(200);

    const a = group(await inbox(chiefA), 'overdueTask')!;
    expect(a).toMatchObject({ count: 2, items: [{ id: later, link: { screen: 'tasks', id: later } }, { id: late }] });
    expect(group(await inbox(chiefB), 'overdueTask')!.items.map((i) => i.id)).not.toContain(late);
  });
});

describe('the order queue', () => {
  it('counts open orders by status for the desk', async () => {
    const res = await inject('GET', '/api/desktop/order-queue', operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ status: 'new', count: 0, sum: 0, oldest: null });
  });
});
