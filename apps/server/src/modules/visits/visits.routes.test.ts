import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, businessDate } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextPhone, organizationBody, place } from '../../test/counterparties.js';
import { makeProducer, makeProduct } from '../../test/stock-fixtures.js';
import { organizations } from '../organizations/organizations.table.js';
import { markOverdueVisits } from './visit-plan.service.js';
import { remindDueVisits } from './visit-reminders.service.js';
import { visits } from './visits.table.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep: U, otherRep: U, courier: U, operator: U;
let clinic: { id: number }, pharmacy: { id: number }, farPharmacy: { id: number };
let doctorA: number, doctorB: number, foreignDoctor: number, productA: number, productB: number;
let producerName = '';
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: as(user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const plan = (user: { id: number }, extra: Record<string, unknown> = {}, lng = 'en') =>
  inject(
    'POST',
    '/api/visits',
    user,
    {
      organizationId: clinic.id,
      representativeId: rep.id,
      plannedStart: '2030-03-10T09:00:00+05:00',
      plannedEnd: '2030-03-10T10:00:00+05:00',
      ...extra,
    },
    lng,
  );
const position = (extra: Record<string, unknown> = {}) => ({ lat: 41.2856, lng: 69.2034, accuracy: 15, deviceTime: new Date().toISOString(), ...extra });
const start = (id: number, user: { id: number }, body: unknown = { position: position() }, lng = 'en') =>
  inject('POST', `/api/visits/${id}/start`, user, body, lng);
const complete = (id: number, user: { id: number }, body: unknown = { position: position() }, lng = 'en') =>
  inject('POST', `/api/visits/${id}/complete`, user, body, lng);
const cancel = (id: number, user: { id: number }) => inject('POST', `/api/visits/${id}/cancel`, user, { reason: 'Врач в отпуске' });
const addDoctor = async (organizationId: number) => {
  const res = await inject('POST', '/api/doctors', admin, {
    firstName: 'Malika',
    lastName: `Karimova${nextPhone()}`,
    phone: nextPhone(),
    specialization: 'cardiologist',
    organizationId,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const yunusobod = await place(t.db, 'TK', 'Yunusobod');
  admin = await makeUser(t.db, 'admin');
  chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  otherRep = await makeUser(t.db, 'rep', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  operator = await makeUser(t.db, 'operator', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, otherRep.id, yunusobod);
  clinic = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Семейная поликлиника №12', type: 'healthcare' }));
  pharmacy = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека на Бунёдкор' }));
  farPharmacy = await createOrganization(t.app, admin, organizationBody(yunusobod, { name: 'Аптека Юнусабад' }));
  await t.db.update(organizations).set({ lat: 41.2856, lng: 69.2034 }).where(eq(organizations.id, clinic.id));
  doctorA = await addDoctor(clinic.id);
  doctorB = await addDoctor(clinic.id);
  foreignDoctor = await addDoctor(pharmacy.id);
  const producer = await makeProducer(t.db);
  producerName = producer.name;
  productA = (await makeProduct(t.db, { producerId: producer.id, name: 'Нурофен 200 мг' })).id;
  productB = (await makeProduct(t.db, { producerId: producer.id, name: 'Аспирин 500 мг' })).id;
});
afterAll(() => t.close());

describe('POST /api/visits (plan)', () => {
  it("plans a visit for the rep themself ('Visit successfully created') with doctors", async () => {
    const res = await plan(rep, { doctorIds: [doctorA], comment: 'Презентация Нурофена' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'planned',
      organizationId: clinic.id,
      organizationName: 'Семейная поликлиника №12',
      representativeId: rep.id,
      plannedStart: '2030-03-10T04:00:00Z',
      plannedEnd: '2030-03-10T05:00:00Z',
      comment: 'Презентация Нурофена',
      doctors: [{ doctorId: doctorA }],
      proofScore: null,
    });
  });
  it('lets a chief plan for their team, and nobody for someone outside their scope', async () => {
    expect((await plan(chief)).statusCode).toBe(201);
    const mine = await plan(rep, { representativeId: otherRep.id });
    expect(mine.statusCode).toBe(400);
    expect(mine.json().fields.representativeId).toBe('Choose one of the offered values');
    expect((await plan(chief, { representativeId: otherRep.id, organizationId: farPharmacy.id })).statusCode).toBe(400);
    expect((await plan(admin, { representativeId: otherRep.id, organizationId: farPharmacy.id })).statusCode).toBe(201);
  });
  it('refuses an organization outside the territory and a doctor of another organization', async () => {
    expect((await plan(rep, { organizationId: farPharmacy.id })).json().fields.organizationId).toBe('Choose one of the offered values');
    expect((await plan(rep, { doctorIds: [foreignDoctor] })).json().fields.doctorIds).toBe('Choose one of the offered values');
    expect((await plan(rep, { doctorIds: [doctorA, doctorA] })).json().code).toBe('VISIT_DOCTOR_ALREADY_ADDED');
  });
  it('refuses an end before the start, in the requester’s language', async () => {
    const messages = { en: 'The end date cannot be earlier than the start date', ru: 'Дата окончания не может быть раньше даты начала' };
    for (const [lng, message] of Object.entries(messages)) {
      const res = await plan(rep, { plannedEnd: '2030-03-10T08:59:00+05:00' }, lng);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.plannedEnd).toBe(message);
    }
  });
  it('requires organization, representative, start and end (en + ru)', async () => {
    for (const [lng, message] of Object.entries({ en: 'Required field', ru: 'Обязательное поле' })) {
      const res = await inject('POST', '/api/visits', rep, {}, lng);
      expect(res.statusCode).toBe(400);
      for (const field of ['organizationId', 'representativeId', 'plannedStart', 'plannedEnd']) expect(res.json().fields[field]).toBe(message);
    }
  });
  it('answers 403 without the visits right', async () => {
    expect((await inject('GET', '/api/visits', courier)).statusCode).toBe(403);
    expect((await plan(operator)).statusCode).toBe(403);
    expect((await inject('GET', '/api/visits', operator)).statusCode).toBe(200);
  });
});

describe('a visit from plan to completion', () => {
  let id: number;
  beforeAll(async () => {
    id = (await plan(rep, { doctorIds: [doctorA] })).json().id;
  });
  it('needs geolocation to start, with a localized message', async () => {
    const en = await start(id, rep, {});
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'GEOLOCATION_REQUIRED', message: 'Geolocation must be enabled to complete a visit.' });
    expect((await start(id, rep, {}, 'ru')).json().message).toBe('Для завершения визита необходимо включить геолокацию.');
  });
  it('is started only by its own rep', async () => {
    const byChief = await start(id, chief);
    expect(byChief.statusCode).toBe(409);
    expect(byChief.json().code).toBe('VISIT_STATUS_REFUSED');
    const res = await start(id, rep);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', startPosition: { lat: 41.2856, lng: 69.2034, accuracy: 15 } });
    expect((await start(id, rep)).json().code).toBe('VISIT_STATUS_REFUSED');
  });
  it('cannot be edited once started', async () => {
    const res = await inject('PUT', `/api/visits/${id}`, rep, {
      organizationId: clinic.id,
      representativeId: rep.id,
      plannedStart: '2030-03-11T09:00:00+05:00',
      plannedEnd: '2030-03-11T10:00:00+05:00',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('VISIT_NOT_EDITABLE');
  });
  it('records doctors met once each, drug attitudes and remainders', async () => {
    const added = await inject('POST', `/api/visits/${id}/doctors`, rep, { doctorId: doctorB });
    expect(added.statusCode).toBe(200);
    expect(added.json().doctors.map((d: { doctorId: number }) => d.doctorId)).toEqual([doctorA, doctorB]);
    const twice = await inject('POST', `/api/visits/${id}/doctors`, rep, { doctorId: doctorB }, 'ru');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'VISIT_DOCTOR_ALREADY_ADDED', message: 'Этот врач уже добавлен в визит.' });
    expect((await inject('POST', `/api/visits/${id}/doctors`, rep, { doctorId: foreignDoctor })).statusCode).toBe(400);

    const drugs = await inject('PUT', `/api/visits/${id}/drug-results`, rep, {
      items: [
        { doctorId: doctorA, productId: productA, attitude: 'familiarPrescribes', medicationStatus: 'acquainted' },
        { doctorId: doctorB, productId: productA, attitude: 'notFamiliarNotPrescribes', medicationStatus: 'pending' },
      ],
    });
    expect(drugs.statusCode).toBe(200);
    expect(drugs.json().drugResults).toHaveLength(2);
    const notMet = await inject('PUT', `/api/visits/${id}/drug-results`, rep, {
      items: [{ doctorId: foreignDoctor, productId: productA, attitude: 'none', medicationStatus: 'denied' }],
    });
    expect(notMet.statusCode).toBe(400);
    expect(
      (
        await inject('PUT', `/api/visits/${id}/drug-results`, rep, {
          items: [{ doctorId: doctorA, productId: productA, attitude: 'loves', medicationStatus: 'denied' }],
        })
      ).statusCode,
    ).toBe(400);

    const remainders = await inject('PUT', `/api/visits/${id}/remainders`, rep, {
      items: [
        { productId: productA, quantity: 12 },
        { productId: productB, quantity: 0 },
      ],
    });
    expect(remainders.statusCode).toBe(200);
    expect(remainders.json().remainders).toEqual([
      { productId: productB, productName: 'Аспирин 500 мг', producerName: producerName, quantity: 0 },
      { productId: productA, productName: 'Нурофен 200 мг', producerName: producerName, quantity: 12 },
    ]);
    const twiceProduct = await inject('PUT', `/api/visits/${id}/remainders`, rep, {
      items: [
        { productId: productA, quantity: 1 },
        { productId: productA, quantity: 2 },
      ],
    });
    expect(twiceProduct.statusCode).toBe(400);
    expect((await inject('PUT', `/api/visits/${id}/remainders`, rep, { items: [{ productId: 999999, quantity: 1 }] })).statusCode).toBe(400);
  });
  it('needs geolocation to complete, then scores the proof', async () => {
    expect((await complete(id, rep, {})).json().code).toBe('GEOLOCATION_REQUIRED');
    const res = await complete(id, rep, { position: position({ lat: 41.2876 }) }); // ≈ 222 m away
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.status).toBe('completed');
    expect(v.completedAt).toEqual(expect.any(String));
    expect(v.endPosition).toMatchObject({ lat: 41.2876 });
    expect(v.distanceM).toBeGreaterThan(200);
    // far, and only seconds long
    expect(v.proofReasons).toEqual(['farFromOrganization', 'tooShort']);
    expect(v.proofScore).toBe(30);
  });
  it('refuses every move out of completed', async () => {
    expect((await cancel(id, rep)).json().code).toBe('VISIT_STATUS_REFUSED');
    expect((await complete(id, rep)).json().code).toBe('VISIT_STATUS_REFUSED');
    expect((await start(id, rep)).json().code).toBe('VISIT_STATUS_REFUSED');
    expect((await inject('PUT', `/api/visits/${id}/remainders`, rep, { items: [] })).json().code).toBe('VISIT_NOT_EDITABLE');
  });
});

describe('cancel, overdue and the blacklist', () => {
  it('a chief cancels a planned visit of their rep; a cancelled visit goes nowhere', async () => {
    const id = (await plan(rep)).json().id;
    const res = await cancel(id, chief);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Врач в отпуске' });
    expect((await start(id, rep)).statusCode).toBe(409);
    expect((await cancel(id, rep)).statusCode).toBe(409);
  });
  it('marks planned visits overdue once their end passes, at the given clock', async () => {
    const id = (await plan(rep, { plannedStart: '2029-01-05T09:00:00+05:00', plannedEnd: '2029-01-05T10:00:00+05:00' })).json().id;
    const running = (await plan(rep, { plannedStart: '2029-01-05T08:00:00+05:00', plannedEnd: '2029-01-05T08:30:00+05:00' })).json().id;
    expect((await start(running, rep)).statusCode).toBe(200);
    await markOverdueVisits(t.db, new Date('2029-01-05T04:59:00Z'));
    expect((await inject('GET', `/api/visits/${id}`, rep)).json().status).toBe('planned');
    const { marked } = await markOverdueVisits(t.db, new Date('2029-01-05T05:01:00Z'));
    expect(marked).toBeGreaterThanOrEqual(1);
    expect((await inject('GET', `/api/visits/${id}`, rep)).json().status).toBe('overdue');
    // a started visit is not touched
    const [row] = await t.db.select({ status: visits.status }).from(visits).where(eq(visits.id, running));
    expect(row!.status).toBe('in_progress');
    // an overdue visit may still be started late by its rep
    expect((await start(id, chief)).statusCode).toBe(409);
    expect((await start(id, rep)).json().status).toBe('in_progress');
  });
  it('refuses planning and starting at a blacklisted organization', async () => {
    const id = (await plan(rep, { organizationId: pharmacy.id })).json().id;
    const blocked = await inject('POST', `/api/organizations/${pharmacy.id}/block`, admin, { reason: 'Долг по оплате более 90 дней' });
    expect(blocked.statusCode).toBe(200);
    const planned = await plan(rep, { organizationId: pharmacy.id });
    expect(planned.statusCode).toBe(409);
    expect(planned.json().code).toBe('ORGANIZATION_BLOCKED');
    const started = await start(id, rep, undefined, 'ru');
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toContain('в чёрном списке');
    expect((await inject('GET', `/api/visits/${id}`, rep)).json().status).toBe('planned');
  });
});

describe('reading visits', () => {
  it('shows a rep only their own visits, a chief their team’s, 404 outside the scope', async () => {
    const theirs = (await plan(admin, { representativeId: otherRep.id, organizationId: farPharmacy.id })).json().id;
    const mine = (await plan(rep)).json().id;
    const repList = (await inject('GET', '/api/visits?size=100', rep)).json();
    expect(repList.items.every((v: { representativeId: number }) => v.representativeId === rep.id)).toBe(true);
    expect(repList.items.map((v: { id: number }) => v.id)).toContain(mine);
    expect((await inject('GET', `/api/visits/${theirs}`, rep)).statusCode).toBe(404);
    expect((await inject('GET', `/api/visits/${mine}`, otherRep)).statusCode).toBe(404);
    expect((await inject('GET', `/api/visits/${mine}`, chief)).statusCode).toBe(200);
    expect((await inject('GET', `/api/visits/${theirs}`, chief)).statusCode).toBe(404);
    expect((await cancel(theirs, chief)).statusCode).toBe(404);
    const chiefList = (await inject('GET', '/api/visits?size=100', chief)).json();
    expect(chiefList.items.map((v: { id: number }) => v.id)).not.toContain(theirs);
    expect((await inject('GET', `/api/visits/${theirs}`, admin)).statusCode).toBe(200);
  });
  it('filters by date range, status, organization and representative, with paging', async () => {
    const res = await inject(
      'GET',
      `/api/visits?from=2030-03-10&to=2030-03-10&status=planned&organizationId=${clinic.id}&representativeId=${rep.id}&size=25`,
      chief,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((v: { status: string; plannedStart: string }) => v.status === 'planned' && v.plannedStart.startsWith('2030-03-10'))).toBe(true);
    expect((await inject('GET', '/api/visits?from=2030-03-11&to=2030-03-10', rep)).json().fields.to).toBe('The end date cannot be earlier than the start date');
    expect((await inject('GET', '/api/visits?from=2031-01-01', rep)).json().total).toBe(0);
  });
  it('counts visits per day of a month, and lists one day', async () => {
    const late = (await plan(rep, { plannedStart: '2030-03-31T23:30:00+05:00', plannedEnd: '2030-03-31T23:50:00+05:00' })).json().id;
    const cal = await inject('GET', '/api/visits/calendar?month=2030-03', rep);
    expect(cal.statusCode).toBe(200);
    const days = cal.json().days as { date: string; total: number; byStatus: Record<string, number> }[];
    expect(days.find((d) => d.date === '2030-03-31')).toEqual({ date: '2030-03-31', total: 1, byStatus: { planned: 1 } });
    expect(days.find((d) => d.date === '2030-03-10')!.total).toBeGreaterThan(1);
    expect((await inject('GET', '/api/visits/calendar?month=2030-13', rep)).statusCode).toBe(400);
    const day = await inject('GET', '/api/visits/day/2030-03-31', rep);
    expect(day.json().map((v: { id: number }) => v.id)).toEqual([late]);
    expect((await inject('GET', '/api/visits/day/2030-03-31', otherRep)).json()).toEqual([]);
  });
});

describe('search, reminders and the current visit', () => {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const minutes = (n: number) => n * 60_000;

  it('finds visits by organization name in either script (q, at least 4 characters)', async () => {
    // both stand on Bunyodkor street: the search looks at the name only
    const shop = await createOrganization(t.app, admin, organizationBody(await place(t.db, 'TK', 'Chilonzor'), { name: 'Дорихона Бунёдкор' }));
    await plan(rep, { plannedStart: '2030-04-02T09:00:00+05:00', plannedEnd: '2030-04-02T10:00:00+05:00' });
    expect((await plan(rep, { organizationId: shop.id, plannedStart: '2030-04-02T11:00:00+05:00', plannedEnd: '2030-04-02T12:00:00+05:00' })).statusCode).toBe(
      201,
    );
    for (const q of ['поликлиника', 'Poliklinika']) {
      const res = await inject('GET', `/api/visits?from=2030-04-02&to=2030-04-02&q=${encodeURIComponent(q)}`, rep);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(1);
      expect(res.json().items[0]).toMatchObject({ organizationId: clinic.id, review: null, reviewComment: null, reviewedByName: null, reviewedAt: null });
    }
    for (const q of ['Бунёдкор', "Bunyodkor ko'chasi"]) {
      const found = (await inject('GET', `/api/visits?from=2030-04-02&to=2030-04-02&q=${encodeURIComponent(q)}`, rep)).json();
      expect(found.items.map((v: { organizationId: number }) => v.organizationId)).toEqual(q === 'Бунёдкор' ? [shop.id] : []);
    }
    const short = await inject('GET', '/api/visits?q=abc', rep);
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.q).toBe('Type at least 4 characters to search');
  });

  describe('the reminder before a visit (a notification from the sweep)', () => {
    // a clock of its own, far from every other test's visits (and from the app's own sweep, which reads the real time)
    const now = new Date('2031-05-20T04:00:00Z');
    // an instant n minutes from that clock, as the API writes it
    const from = (n: number) => new Date(now.getTime() + minutes(n)).toISOString().replace('.000Z', 'Z');
    const remindersOf = async (user: { id: number }, visitId?: number) =>
      (
        (await inject('GET', '/api/notifications?size=100', user)).json().items as {
          kind: string;
          subjectType: string;
          subjectId: number;
          params: Record<string, string>;
        }[]
      ).filter((n) => n.kind === 'visitReminder' && (visitId === undefined || n.subjectId === visitId));
    const sweep = (at = now) => remindDueVisits(t.db, 15, at);

    it('a planned visit starting within the lead time reminds its rep once; later, begun, cancelled or others’ visits do not', async () => {
      const soon = (await plan(chief, { plannedStart: from(10), plannedEnd: from(40) })).json().id;
      const later = (await plan(rep, { plannedStart: from(120), plannedEnd: from(150) })).json().id;
      const begun = (await plan(rep, { plannedStart: from(-20), plannedEnd: from(30) })).json().id;
      const cancelled = (await plan(rep, { plannedStart: from(5), plannedEnd: from(30) })).json().id;
      expect((await cancel(cancelled, rep)).statusCode).toBe(200);
      const others = (await plan(admin, { representativeId: otherRep.id, organizationId: farPharmacy.id, plannedStart: from(5), plannedEnd: from(30) })).json()
        .id;
      // two instances sweeping at once, then again: one reminder each
      await Promise.all([sweep(), sweep()]);
      await sweep(new Date(now.getTime() + minutes(1)));
      const mine = await remindersOf(rep);
      expect(mine.filter((n) => n.subjectId === soon)).toEqual([
        expect.objectContaining({
          subjectType: 'visit',
          subjectId: soon,
          params: { organization: 'Семейная поликлиника №12', start: from(10) },
        }),
      ]);
      for (const id of [later, begun, cancelled, others]) expect(mine.filter((n) => n.subjectId === id)).toEqual([]);
      // the chief planned it, but only its rep is reminded; the other rep of their own
      expect(await remindersOf(chief, soon)).toEqual([]);
      expect(await remindersOf(otherRep, others)).toHaveLength(1);
      // two hours ahead: reminded when its start comes within the lead time
      expect(await remindersOf(rep, later)).toEqual([]);
      await sweep(new Date(now.getTime() + minutes(110)));
      expect(await remindersOf(rep, later)).toHaveLength(1);
    });

    it('a re-planned visit is reminded again before its new start; an edit that keeps the start is not', async () => {
      const body = { organizationId: clinic.id, representativeId: rep.id, plannedStart: from(200), plannedEnd: from(230), doctorIds: [] };
      const id = (await plan(rep, body)).json().id;
      await sweep(new Date(now.getTime() + minutes(190)));
      expect(await remindersOf(rep, id)).toHaveLength(1);
      expect((await inject('PUT', `/api/visits/${id}`, rep, { ...body, comment: 'Взять образцы' })).statusCode).toBe(200);
      await sweep(new Date(now.getTime() + minutes(191)));
      expect(await remindersOf(rep, id)).toHaveLength(1);
      // moved an hour later: reminded again before the new start, not at once
      expect((await inject('PUT', `/api/visits/${id}`, rep, { ...body, plannedStart: from(260), plannedEnd: from(290) })).statusCode).toBe(200);
      await sweep(new Date(now.getTime() + minutes(192)));
      expect(await remindersOf(rep, id)).toHaveLength(1);
      await sweep(new Date(now.getTime() + minutes(250)));
      const [again] = await remindersOf(rep, id);
      expect(await remindersOf(rep, id)).toHaveLength(2);
      expect(again!.params.start).toBe(from(260));
    });

    it('a rep who turned visit reminders off gets none', async () => {
      expect((await inject('PUT', '/api/notifications/settings', otherRep, { items: [{ kind: 'visitReminder', channel: 'off' }] })).statusCode).toBe(200);
      const id = (await plan(admin, { representativeId: otherRep.id, organizationId: farPharmacy.id, plannedStart: from(300), plannedEnd: from(330) })).json()
        .id;
      await sweep(new Date(now.getTime() + minutes(290)));
      expect(await remindersOf(otherRep, id)).toEqual([]);
      // claimed all the same: turning them back on does not remind it late
      await inject('PUT', '/api/notifications/settings', otherRep, { items: [{ kind: 'visitReminder', channel: 'app' }] });
      await sweep(new Date(now.getTime() + minutes(291)));
      expect(await remindersOf(otherRep, id)).toEqual([]);
    });
  });

  it("opens the rep's visit at an organization: in progress first, else today's nearest to now", async () => {
    const shop = await createOrganization(t.app, admin, organizationBody(await place(t.db, 'TK', 'Chilonzor'), { name: 'Аптека Текущий визит' }));
    const url = `/api/visits/current?organizationId=${shop.id}`;
    expect((await inject('GET', url, rep)).json()).toEqual({ visit: null });
    expect((await inject('GET', `/api/visits/current?organizationId=${farPharmacy.id}`, rep)).statusCode).toBe(404);
    expect((await inject('GET', '/api/visits/current', rep)).statusCode).toBe(400);

    // today in Tashkent: one early, one late; tomorrow's and another rep's never count
    const today = businessDate();
    const early = new Date(`${today}T00:30:00+05:00`);
    const late = new Date(`${today}T23:00:00+05:00`);
    const earlyId = (
      await plan(rep, { organizationId: shop.id, plannedStart: early.toISOString(), plannedEnd: new Date(early.getTime() + minutes(30)).toISOString() })
    ).json().id;
    const lateId = (
      await plan(rep, { organizationId: shop.id, plannedStart: late.toISOString(), plannedEnd: new Date(late.getTime() + minutes(30)).toISOString() })
    ).json().id;
    await plan(rep, { organizationId: shop.id, plannedStart: `${addDays(today, 1)}T12:00:00+05:00`, plannedEnd: `${addDays(today, 1)}T13:00:00+05:00` });
    await plan(chief, { organizationId: shop.id, representativeId: chief.id, plannedStart: new Date().toISOString(), plannedEnd: at(minutes(30)) });
    const nearest = Math.abs(early.getTime() - Date.now()) <= Math.abs(late.getTime() - Date.now()) ? earlyId : lateId;
    const planned = (await inject('GET', url, rep)).json();
    expect(planned.visit).toMatchObject({ id: nearest, organizationId: shop.id, representativeId: rep.id, doctors: [], rating: null });

    // an overdue one of today still counts
    await t.db.update(visits).set({ status: 'overdue' }).where(eq(visits.id, nearest));
    expect((await inject('GET', url, rep)).json().visit).toMatchObject({ id: nearest, status: 'overdue' });

    const other = nearest === earlyId ? lateId : earlyId;
    expect((await start(other, rep)).statusCode).toBe(200);
    expect((await inject('GET', url, rep)).json().visit).toMatchObject({ id: other, status: 'in_progress' });
  });
});
