import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextPhone, organizationBody, place } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep: U, otherRep: U, courier: U, employee: U;
let clinic: { id: number; name: string }, pharmacy: { id: number }, farClinic: { id: number };
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const valid = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Malika',
  lastName: 'Karimova',
  middleName: 'Rustamovna',
  phone: nextPhone(),
  position: 'Заведующая отделением',
  specialization: 'cardiologist',
  organizationId: clinic.id,
  ...extra,
});
const post = (user: { id: number }, payload: Record<string, unknown>, lng = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/doctors', headers: as(user, lng), payload });

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const yunusobod = await place(t.db, 'TK', 'Yunusobod');
  admin = await makeUser(t.db, 'admin');
  chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  otherRep = await makeUser(t.db, 'rep', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  employee = await makeUser(t.db, 'employee', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, otherRep.id, yunusobod);
  clinic = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Семейная поликлиника №12', type: 'healthcare' }));
  pharmacy = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека без врачей' }));
  farClinic = await createOrganization(t.app, admin, organizationBody(yunusobod, { name: 'Городская клиническая больница №1', type: 'hospital' }));
});
afterAll(() => t.close());

describe('POST /api/doctors', () => {
  it("adds a doctor ('Doctor successfully added') with their organization, and audits it", async () => {
    const res = await post(rep, valid({ phone: '+998 90 700 11 22' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Malika',
      lastName: 'Karimova',
      fullName: 'Karimova Malika Rustamovna',
      phone: '+998907001122',
      specialization: 'cardiologist',
      organizationId: clinic.id,
      organizationName: 'Семейная поликлиника №12',
      organizationType: 'healthcare',
      organizationBlocked: false,
      favorite: false,
    });
    expect(res.json().searchKey).toBeUndefined();
    const audit = (await t.app.inject({ method: 'GET', url: `/api/audit?entity=doctor&entityId=${res.json().id}`, headers: as(admin) })).json();
    expect(audit.items[0]).toMatchObject({ action: 'create', actorId: rep.id });
  });

  const required = { en: 'Required field', ru: 'Обязательное поле' };
  const rules: [string, Record<string, unknown>, string, Record<string, string>][] = [
    ['name', { firstName: '' }, 'firstName', required],
    ['surname', { lastName: undefined }, 'lastName', required],
    ['phone', { phone: undefined }, 'phone', required],
    [
      'phone validity',
      { phone: '+998 90 12' },
      'phone',
      { en: 'Enter a valid phone number: +998 and 9 digits', ru: 'Введите корректный номер телефона: +998 и 9 цифр' },
    ],
    ['foreign phone', { phone: '+7 912 345 67 89' }, 'phone', { en: 'Enter a valid phone number: +998 and 9 digits' }],
    ['specialization', { specialization: undefined }, 'specialization', required],
    ['specialization value', { specialization: 'astrologer' }, 'specialization', { en: 'Choose one of the offered values' }],
    ['organization', { organizationId: undefined }, 'organizationId', required],
  ];
  for (const [name, change, field, messages] of rules) {
    it(`refuses a missing or bad ${name} with a localized field error`, async () => {
      for (const [lng, message] of Object.entries(messages)) {
        const res = await post(admin, { ...valid(), ...change }, lng);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
      }
    });
  }

  it('refuses an organization that does not exist or lies outside the territories', async () => {
    expect((await post(admin, valid({ organizationId: 999_999 }))).json().fields.organizationId).toBe('Choose one of the offered values');
    const outside = await post(rep, valid({ organizationId: farClinic.id }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields.organizationId).toBe('Choose one of the offered values');
  });

  it('never adds the same doctor (name and phone) twice to one organization, whatever the script', async () => {
    const phone = nextPhone();
    expect((await post(admin, valid({ phone, firstName: 'Sardor', lastName: 'Normatov', middleName: null }))).statusCode).toBe(201);
    for (const [lng, message] of [
      ['en', 'This doctor has already been added to the organization.'],
      ['ru', 'Этот врач уже добавлен в организацию.'],
    ]) {
      const again = await post(admin, valid({ phone, firstName: 'Сардор', lastName: 'Норматов', middleName: 'Фарходович' }), lng);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'DOCTOR_ALREADY_ADDED', message });
    }
    // the same person in another organization, or another phone, is fine
    expect((await post(admin, valid({ phone, firstName: 'Sardor', lastName: 'Normatov', organizationId: pharmacy.id }))).statusCode).toBe(201);
    expect((await post(admin, valid({ phone: nextPhone(), firstName: 'Sardor', lastName: 'Normatov' }))).statusCode).toBe(201);
  });

  it('needs the right to add (403)', async () => {
    expect((await post(employee, valid())).statusCode).toBe(403);
    expect((await post(courier, valid())).statusCode).toBe(403);
  });
});

describe('GET /api/doctors (/choose-doctor, search)', () => {
  it("lists an organization's doctors, and none for an organization without them ('no doctors found')", async () => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/doctors?organizationId=${clinic.id}&size=100`, headers: as(rep) })).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((d: { organizationId: number }) => d.organizationId === clinic.id)).toBe(true);
    const none = (await t.app.inject({ method: 'GET', url: `/api/doctors?organizationId=${farClinic.id}`, headers: as(admin) })).json();
    expect(none).toMatchObject({ items: [], total: 0, page: 1, size: 25 });
  });

  it('finds a doctor by name in either script, by phone, and filters by specialization', async () => {
    const d = (await post(admin, valid({ firstName: "G'ulom", lastName: "Qo'chqorov", phone: '+998 97 333 44 55', specialization: 'neurologist' }))).json();
    const byCyrillic = (await t.app.inject({ method: 'GET', url: `/api/doctors?q=${encodeURIComponent('Кўчқоров')}`, headers: as(admin) })).json();
    expect(byCyrillic.items.map((x: { id: number }) => x.id)).toEqual([d.id]);
    const byRussian = (await t.app.inject({ method: 'GET', url: `/api/doctors?q=${encodeURIComponent('Гулом')}`, headers: as(admin) })).json();
    expect(byRussian.items.map((x: { id: number }) => x.id)).toEqual([d.id]);
    const byPhone = (await t.app.inject({ method: 'GET', url: '/api/doctors?q=973334455', headers: as(admin) })).json();
    expect(byPhone.items.map((x: { id: number }) => x.id)).toEqual([d.id]);
    const neuro = (await t.app.inject({ method: 'GET', url: '/api/doctors?specialization=neurologist&size=100', headers: as(admin) })).json();
    expect(neuro.items.every((x: { specialization: string }) => x.specialization === 'neurologist')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/doctors?q=Gul', headers: as(admin) })).statusCode).toBe(400);
  });

  it("follows the organization's scope (404 and empty lists outside the territories)", async () => {
    const far = (await post(admin, valid({ organizationId: farClinic.id }))).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/doctors/${far.id}`, headers: as(rep) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/doctors/${far.id}`, headers: as(otherRep) })).statusCode).toBe(200);
    const repList = (await t.app.inject({ method: 'GET', url: '/api/doctors?size=100', headers: as(rep) })).json();
    expect(repList.items.map((d: { id: number }) => d.id)).not.toContain(far.id);
    const chiefList = (await t.app.inject({ method: 'GET', url: '/api/doctors?size=100', headers: as(chief) })).json();
    expect(chiefList.total).toBe(repList.total);
    expect((await t.app.inject({ method: 'GET', url: '/api/doctors', headers: as(courier) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/doctors/999999', headers: as(admin) })).statusCode).toBe(404);
  });
});

describe('edit and delete', () => {
  it('edits a doctor; moving them onto an existing twin is refused', async () => {
    const phone = nextPhone();
    const a = (await post(admin, valid({ phone, firstName: 'Aziza', lastName: 'Hasanova' }))).json();
    const b = (await post(admin, valid({ phone: nextPhone(), firstName: 'Dilnoza', lastName: 'Hasanova' }))).json();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/doctors/${b.id}`,
      headers: as(rep),
      payload: valid({ firstName: 'Dilnoza', lastName: 'Hasanova', specialization: 'pediatrician', phone: '+998 99 000 11 22' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ specialization: 'pediatrician', phone: '+998990001122' });
    const twin = await t.app.inject({
      method: 'PUT',
      url: `/api/doctors/${b.id}`,
      headers: as(admin),
      payload: valid({ firstName: 'Азиза', lastName: 'Хасанова', phone }),
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().code).toBe('DOCTOR_ALREADY_ADDED');
    expect((await t.app.inject({ method: 'PUT', url: '/api/doctors/999999', headers: as(admin), payload: valid() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/doctors/${a.id}`, headers: as(rep) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/doctors/${a.id}`, headers: as(admin) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/doctors/${a.id}`, headers: as(admin) })).statusCode).toBe(404);
  });
});

describe('favorite doctors (/favorites, /favorite/:id)', () => {
  it('keeps favorites per user', async () => {
    const d = (await post(admin, valid())).json();
    expect((await t.app.inject({ method: 'PUT', url: `/api/doctors/${d.id}/favorite`, headers: as(rep) })).statusCode).toBe(204);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/doctors?favorite=true', headers: as(rep) })).json();
    expect(mine.items.map((x: { id: number }) => x.id)).toEqual([d.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/doctors/${d.id}`, headers: as(rep) })).json().favorite).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/doctors?favorite=true', headers: as(admin) })).json().items).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/doctors/${d.id}/favorite`, headers: as(rep) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/doctors?favorite=true', headers: as(rep) })).json().items).toEqual([]);
    const far = (await post(admin, valid({ organizationId: farClinic.id }))).json();
    expect((await t.app.inject({ method: 'PUT', url: `/api/doctors/${far.id}/favorite`, headers: as(rep) })).statusCode).toBe(404);
  });
});
