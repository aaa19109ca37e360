import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextPhone, organizationBody, place, type Place } from '../../test/counterparties.js';
import { auditLog } from '../../platform/audit/audit.table.js';
import { organizations } from '../organizations/organizations.table.js';

/** Questionable visits and their review, the rating of a visit, and an organization's history. */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, boss: U, chiefA: U, chiefB: U, repA: U, repB: U, operator: U, courier: U;
let chilonzor: Place;
let clinic: { id: number }, far: { id: number };

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const here = { lat: 41.2856, lng: 69.2034 };
const position = (lat = here.lat) => ({ position: { lat, lng: here.lng, accuracy: 15, deviceTime: new Date().toISOString() } });

async function plan(rep: { id: number }, organizationId: number, plannedStart: string, extra: Record<string, unknown> = {}) {
  const res = await inject('POST', '/api/visits', admin, {
    organizationId,
    representativeId: rep.id,
    plannedStart,
    plannedEnd: new Date(Date.parse(plannedStart) + 3_600_000).toISOString(),
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}
/** Plans, starts and completes a visit; ≈ 222 m from the organization it is questionable (far and short: 30). */
async function completed(rep: { id: number }, organizationId: number, plannedStart: string, opts: { far?: boolean; doctorIds?: number[] } = {}) {
  const id = await plan(rep, organizationId, plannedStart, { doctorIds: opts.doctorIds ?? [] });
  expect((await inject('POST', `/api/visits/${id}/start`, rep, position())).statusCode).toBe(200);
  const done = await inject('POST', `/api/visits/${id}/complete`, rep, position(opts.far ? 41.2876 : here.lat));
  expect(done.statusCode).toBe(200);
  return done.json() as { id: number; proofScore: number; review: string | null };
}
const queue = async (user: { id: number }, query = '') => {
  const res = await inject('GET', `/api/visits/questionable?size=100${query}`, user);
  expect(res.statusCode).toBe(200);
  return (res.json().items as { id: number }[]).map((v) => v.id);
};

beforeAll(async () => {
  t = await createTestApp();
  chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const yunusobod = await place(t.db, 'TK', 'Yunusobod');
  admin = await makeUser(t.db, 'admin');
  boss = await makeUser(t.db, 'boss', { managerId: admin.id });
  chiefA = await makeUser(t.db, 'chief', { managerId: boss.id, fullName: 'Юсупова Нилуфар' });
  chiefB = await makeUser(t.db, 'chief', { managerId: boss.id });
  repA = await makeUser(t.db, 'rep', { managerId: chiefA.id, fullName: 'Турсунов Дилшод' });
  repB = await makeUser(t.db, 'rep', { managerId: chiefB.id });
  operator = await makeUser(t.db, 'operator', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  for (const user of [repA, repB, chiefA]) await assignTerritory(t.db, user.id, chilonzor);
  clinic = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Семейная поликлиника №7', type: 'healthcare' }));
  far = await createOrganization(t.app, admin, organizationBody(yunusobod, { name: 'Аптека Юнусабад' }));
  await t.db.update(organizations).set(here).where(eq(organizations.id, clinic.id));
});
afterAll(() => t.close());

describe('questionable visits', () => {
  let ofRepA: number, ofRepB: number, ofChiefA: number, clean: number;
  beforeAll(async () => {
    ofRepA = (await completed(repA, clinic.id, '2030-02-03T09:00:00+05:00', { far: true })).id;
    ofRepB = (await completed(repB, clinic.id, '2030-02-04T09:00:00+05:00', { far: true })).id;
    ofChiefA = (await completed(chiefA, clinic.id, '2030-02-05T09:00:00+05:00', { far: true })).id;
    clean = (await completed(repA, clinic.id, '2030-02-06T09:00:00+05:00')).id;
  });

  it("tell the rep's manager, once for each questionable visit of their team and never for a clean one", async () => {
    const bell = async (user: { id: number }) => {
      const res = await inject('GET', '/api/notifications?size=50', user);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { kind: string; subjectType: string; subjectId: number; params: Record<string, unknown> }[]).filter(
        (n) => n.kind === 'questionableVisit',
      );
    };
    const ofA = await bell(chiefA);
    expect(ofA.map((n) => n.subjectId)).toEqual([ofRepA]);
    expect(ofA[0]).toMatchObject({ subjectType: 'visit', params: { organization: 'Семейная поликлиника №7', representative: 'Турсунов Дилшод' } });
    expect((await bell(chiefB)).map((n) => n.subjectId)).toEqual([ofRepB]);
    // the chief's own questionable visit goes to their manager
    expect((await bell(boss)).map((n) => n.subjectId)).toEqual([ofChiefA]);
    expect(await bell(repA)).toEqual([]);
  });

  it('land in review (pending) when the proof score is below the threshold, and only then', async () => {
    const doubtful = (await inject('GET', `/api/visits/${ofRepA}`, repA)).json();
    expect(doubtful).toMatchObject({
      proofScore: 30,
      proofReasons: ['farFromOrganization', 'tooShort'],
      review: 'pending',
      reviewComment: null,
      reviewedByName: null,
      reviewedAt: null,
    });
    // only short (80): believable
    expect((await inject('GET', `/api/visits/${clean}`, repA)).json()).toMatchObject({ proofScore: 80, review: null });
    const listed = (await inject('GET', '/api/visits?from=2030-02-03&to=2030-02-03', repA)).json().items;
    expect(listed[0]).toMatchObject({ id: ofRepA, review: 'pending' });
  });

  it("queue a chief's team only, never the chief's own; a boss sees every team; a rep sees none", async () => {
    expect(await queue(chiefA)).toEqual([ofRepA]);
    expect(await queue(chiefB)).toEqual([ofRepB]);
    // newest first
    expect(await queue(boss)).toEqual([ofChiefA, ofRepB, ofRepA]);
    expect(await queue(boss, '&sort=plannedStart')).toEqual([ofRepA, ofRepB, ofChiefA]);
    expect(await queue(repA)).toEqual([]);
    expect(await queue(boss, `&representativeId=${repB.id}`)).toEqual([ofRepB]);
    expect(await queue(boss, '&from=2030-02-04&to=2030-02-04')).toEqual([ofRepB]);
    expect(await queue(boss, '&review=accepted')).toEqual([]);
    expect((await inject('GET', '/api/visits/questionable?review=maybe', boss)).statusCode).toBe(400);
    expect((await inject('GET', '/api/visits/questionable?from=2030-02-05&to=2030-02-04', boss)).json().fields.to).toBe(
      'The end date cannot be earlier than the start date',
    );
    // reading visits is not enough: the queue needs visits.edit
    expect((await inject('GET', '/api/visits/questionable', operator)).statusCode).toBe(403);
    expect((await inject('GET', '/api/visits/questionable', courier)).statusCode).toBe(403);
  });

  it('are reviewed only by a manager of the rep, never by the rep or for one’s own visit', async () => {
    const byRep = await inject('POST', `/api/visits/${ofRepA}/review`, repA, { decision: 'accepted' });
    expect(byRep.statusCode).toBe(403);
    expect(byRep.json()).toMatchObject({
      code: 'VISIT_REVIEW_NOT_ALLOWED',
      message: "Only the representative's manager can review a visit; nobody reviews their own visits.",
    });
    const own = await inject('POST', `/api/visits/${ofChiefA}/review`, chiefA, { decision: 'accepted' }, 'ru');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Проверить визит может только руководитель представителя; свои визиты не проверяют.');
    // another team's visit is out of scope
    expect((await inject('POST', `/api/visits/${ofRepB}/review`, chiefA, { decision: 'accepted' })).statusCode).toBe(404);
    expect((await inject('POST', `/api/visits/${ofRepA}/review`, chiefA, { decision: 'maybe' })).statusCode).toBe(400);
  });

  it('are accepted or rejected once, with a comment, the reviewer and the time; audited', async () => {
    const res = await inject('POST', `/api/visits/${ofRepA}/review`, chiefA, { decision: 'accepted', comment: 'GPS в здании сбоит, подтвердил по телефону' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ofRepA,
      review: 'accepted',
      reviewComment: 'GPS в здании сбоит, подтвердил по телефону',
      reviewedByName: 'Юсупова Нилуфар',
    });
    expect(Date.now() - Date.parse(res.json().reviewedAt)).toBeLessThan(60_000);
    const again = await inject('POST', `/api/visits/${ofRepA}/review`, chiefA, { decision: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VISIT_REVIEW_NOT_PENDING', message: 'This visit is not waiting for a review.' });
    expect((await inject('POST', `/api/visits/${clean}/review`, chiefA, { decision: 'accepted' })).json().code).toBe('VISIT_REVIEW_NOT_PENDING');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'visit'), eq(auditLog.entityId, String(ofRepA)), eq(auditLog.action, 'review')));
    expect(entry).toMatchObject({ actorId: chiefA.id, changes: { review: { from: 'pending', to: 'accepted' } } });

    expect((await inject('POST', `/api/visits/${ofChiefA}/review`, boss, { decision: 'rejected' })).json()).toMatchObject({
      review: 'rejected',
      reviewComment: null,
    });
    expect(await queue(chiefA)).toEqual([]);
    expect(await queue(chiefA, '&review=accepted')).toEqual([ofRepA]);
    expect(await queue(boss, '&review=rejected')).toEqual([ofChiefA]);
    expect(await queue(boss)).toEqual([ofRepB]);
  });
});

describe('rating a visit', () => {
  const stars = { efficiency: 5, operatorPoliteness: 4, deliverySpeed: 3, responseTime: 5 };
  it('only a completed visit, 1–5 stars, by its rep or a manager in scope; saved again replaces it', async () => {
    const planned = await plan(repA, clinic.id, '2030-02-10T09:00:00+05:00');
    const notDone = await inject('PUT', `/api/visits/${planned}/rating`, repA, stars);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json()).toMatchObject({ code: 'VISIT_NOT_COMPLETED', message: 'Only a completed visit can be rated.' });

    const { id } = await completed(repA, clinic.id, '2030-02-11T09:00:00+05:00');
    expect((await inject('GET', `/api/visits/${id}`, repA)).json().rating).toBeNull();
    for (const bad of [0, 6, 4.5]) {
      const res = await inject('PUT', `/api/visits/${id}/rating`, repA, { ...stars, efficiency: bad });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['efficiency']);
    }
    const res = await inject('PUT', `/api/visits/${id}/rating`, repA, { ...stars, comment: 'Доставка задержалась на день' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rating).toEqual({ ...stars, comment: 'Доставка задержалась на день', ratedAt: expect.any(String), ratedByName: 'Турсунов Дилшод' });

    const byChief = await inject('PUT', `/api/visits/${id}/rating`, chiefA, { ...stars, deliverySpeed: 1 });
    expect(byChief.statusCode).toBe(200);
    expect(byChief.json().rating).toMatchObject({ deliverySpeed: 1, comment: null, ratedByName: 'Юсупова Нилуфар' });
    expect((await inject('GET', `/api/visits/${id}`, repA)).json().rating).toMatchObject({ deliverySpeed: 1 });
    expect((await inject('PUT', `/api/visits/${id}/rating`, chiefB, stars)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/visits/${id}/rating`, operator, stars)).statusCode).toBe(403);
  });
});

describe("an organization's history", () => {
  let shop: { id: number };
  let doctorA: number, doctorB: number;
  let visitIds: Record<string, number> = {};
  const addDoctor = async () => {
    const res = await inject('POST', '/api/doctors', admin, {
      firstName: 'Malika',
      lastName: `Karimova${nextPhone()}`,
      phone: nextPhone(),
      specialization: 'cardiologist',
      organizationId: shop.id,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  beforeAll(async () => {
    shop = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека История' }));
    await t.db.update(organizations).set(here).where(eq(organizations.id, shop.id));
    doctorA = await addDoctor();
    doctorB = await addDoctor();
    // May 2030: two completed by repA (one questionable), one completed by repB, one cancelled, one planned; one in April
    visitIds = {
      a1: (await completed(repA, shop.id, '2030-05-05T10:00:00+05:00', { doctorIds: [doctorA] })).id,
      a2: (await completed(repA, shop.id, '2030-05-12T10:00:00+05:00', { doctorIds: [doctorA, doctorB], far: true })).id,
      b1: (await completed(repB, shop.id, '2030-05-14T10:00:00+05:00', { doctorIds: [doctorB] })).id,
      cancelled: await plan(repA, shop.id, '2030-05-20T10:00:00+05:00', { doctorIds: [doctorB] }),
      planned: await plan(repA, shop.id, '2030-05-28T10:00:00+05:00'),
      april: (await completed(repA, shop.id, '2030-04-28T10:00:00+05:00', { doctorIds: [doctorA] })).id,
    };
    expect((await inject('POST', `/api/visits/${visitIds.cancelled}/cancel`, repA, { reason: 'Закрыто' })).statusCode).toBe(200);
    await inject('PUT', `/api/visits/${visitIds.a1}/rating`, repA, { efficiency: 5, operatorPoliteness: 4, deliverySpeed: 3, responseTime: 5 });
    await inject('PUT', `/api/visits/${visitIds.a2}/rating`, repA, { efficiency: 4, operatorPoliteness: 4, deliverySpeed: 2, responseTime: 4 });
    await inject('PUT', `/api/visits/${visitIds.b1}/rating`, repB, { efficiency: 1, operatorPoliteness: 1, deliverySpeed: 1, responseTime: 1 });
  });
  const history = (user: { id: number }, query = '') =>
    inject('GET', `/api/visits/organizations/${shop.id}/history?from=2030-05-01&to=2030-05-31${query}`, user);

  it('counts the period’s visits by status, the last visit, doctors met, the proof score and the stars', async () => {
    const res = await history(boss);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ organizationId: shop.id, organizationName: 'Аптека История' });
    expect(body.statistics).toEqual({
      visits: 5,
      byStatus: { completed: 3, cancelled: 1, planned: 1 },
      lastVisitAt: expect.any(String),
      // the cancelled visit's doctor was not met
      doctorsMet: 2,
      // 80, 30, 80
      averageProofScore: 63.3,
      rating: { efficiency: 3.3, operatorPoliteness: 3, deliverySpeed: 2, responseTime: 3.3 },
    });
    // newest first
    expect(body.visits.items.map((v: { id: number }) => v.id)).toEqual([visitIds.planned, visitIds.cancelled, visitIds.b1, visitIds.a2, visitIds.a1]);
    expect(body.visits).toMatchObject({ total: 5, page: 1, size: 25 });
    const page2 = (await history(boss, '&size=25&page=2')).json();
    expect(page2.visits.items).toEqual([]);
    expect(page2.statistics.visits).toBe(5);
  });

  it("keeps to the actor's scope: a rep sees their own visits, a chief their team's", async () => {
    const mine = (await history(repA)).json();
    expect(mine.statistics).toMatchObject({
      visits: 4,
      byStatus: { completed: 2, cancelled: 1, planned: 1 },
      averageProofScore: 55,
      rating: { efficiency: 4.5, deliverySpeed: 2.5 },
    });
    expect(mine.visits.items.map((v: { id: number }) => v.id)).not.toContain(visitIds.b1);
    const theirs = (await history(chiefB)).json();
    expect(theirs.statistics).toMatchObject({ visits: 1, doctorsMet: 1, rating: { efficiency: 1, operatorPoliteness: 1, deliverySpeed: 1, responseTime: 1 } });
    const all = (await inject('GET', `/api/visits/organizations/${shop.id}/history`, repA)).json();
    expect(all.statistics.visits).toBe(5);
  });

  it('answers with empty statistics for a period without visits, 404 outside the territory, 400 for a bad period', async () => {
    const empty = (await inject('GET', `/api/visits/organizations/${shop.id}/history?from=2031-01-01`, repA)).json();
    expect(empty.statistics).toEqual({ visits: 0, byStatus: {}, lastVisitAt: null, doctorsMet: 0, averageProofScore: null, rating: null });
    expect(empty.visits).toEqual({ items: [], total: 0, page: 1, size: 25 });
    expect((await inject('GET', `/api/visits/organizations/${far.id}/history`, repA)).statusCode).toBe(404);
    expect((await inject('GET', '/api/visits/organizations/999999/history', admin)).statusCode).toBe(404);
    expect((await inject('GET', `/api/visits/organizations/${shop.id}/history?from=2030-05-02&to=2030-05-01`, repA)).statusCode).toBe(400);
    expect((await inject('GET', `/api/visits/organizations/${shop.id}/history`, courier)).statusCode).toBe(403);
  });
});
