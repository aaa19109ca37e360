import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { createOrganization, headers, nextInn, organizationBody, place } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, rep: U, courier: U;
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Grand Pharm',
  inn: nextInn(),
  legalName: 'OOO «Grand Pharm Distribution»',
  legalAddress: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi 108",
  bankName: 'Kapitalbank',
  bankAccount: '20208000400512345001',
  mfo: '01158',
  deliveryAddress: "Toshkent sh., Sergeli tumani, Yangi Sergeli ko'chasi 5",
  ...extra,
});
const post = (payload: Record<string, unknown>, lng = 'en', user = admin) =>
  t.app.inject({ method: 'POST', url: '/api/brands', headers: as(user, lng), payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
});
afterAll(() => t.close());

describe('POST /api/brands', () => {
  it('adds a brand with its bank details and audits it', async () => {
    const res = await post(valid({ mfo: ' 01158 ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Grand Pharm', bankName: 'Kapitalbank', mfo: '01158', organizationCount: 0 });
    expect(res.json().searchKey).toBeUndefined();
    const audit = (await t.app.inject({ method: 'GET', url: `/api/audit?entity=brand&entityId=${res.json().id}`, headers: as(admin) })).json();
    expect(audit.items[0]).toMatchObject({ action: 'create' });
  });

  const required = { en: 'Required field', ru: 'Обязательное поле' };
  const rules: [string, Record<string, unknown>, string, Record<string, string>][] = [
    ['name', { name: '' }, 'name', required],
    ['inn', { inn: undefined }, 'inn', required],
    ['inn format', { inn: '30512345' }, 'inn', { en: 'INN must be exactly 9 digits, without letters', ru: 'ИНН должен состоять ровно из 9 цифр, без букв' }],
    ['inn letters', { inn: 'ABC123456' }, 'inn', { en: 'INN must be exactly 9 digits, without letters' }],
    ['juridic address', { legalAddress: ' ' }, 'legalAddress', required],
    ['juridic name', { legalName: undefined }, 'legalName', required],
    ['mfo', { mfo: undefined }, 'mfo', required],
    ['mfo format', { mfo: '0115' }, 'mfo', { en: 'The bank MFO code must be exactly 5 digits', ru: 'МФО банка должен состоять ровно из 5 цифр' }],
    ['bank account', { bankAccount: undefined }, 'bankAccount', required],
    [
      'bank account format',
      { bankAccount: '2020 8000 4005 1234 5001' },
      'bankAccount',
      { en: 'The bank account must be exactly 20 digits', ru: 'Расчётный счёт должен состоять ровно из 20 цифр' },
    ],
    ['delivery address', { deliveryAddress: '' }, 'deliveryAddress', required],
    ['bank name', { bankName: undefined }, 'bankName', required],
  ];
  for (const [name, change, field, messages] of rules) {
    it(`refuses a missing or bad ${name} with a localized field error`, async () => {
      for (const [lng, message] of Object.entries(messages)) {
        const res = await post({ ...valid(), ...change }, lng);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
      }
    });
  }

  it('refuses a second brand with the same inn (409)', async () => {
    const inn = nextInn();
    expect((await post(valid({ inn }))).statusCode).toBe(201);
    const again = await post(valid({ inn, name: 'Другой' }), 'ru');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'BRAND_INN_TAKEN', message: 'Бренд с таким ИНН уже существует.' });
    expect(again.json().fields.inn).toBeDefined();
  });

  it('needs the right: reps see brands but do not edit them by default; couriers see nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/brands', headers: as(rep) })).statusCode).toBe(200);
    expect((await post(valid(), 'en', courier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/brands', headers: as(courier) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/brands/1', headers: as(rep) })).statusCode).toBe(403);
  });
});

describe('brands and their organizations', () => {
  it("names an organization's brand; renaming the brand keeps organization search current; a brand in use is not deleted", async () => {
    const brand = (await post(valid({ name: 'Oxymed' }))).json();
    const at = await place(t.db, 'TK', 'Mirobod');
    const org = await createOrganization(t.app, admin, organizationBody(at, { name: 'Dorixona №7', brandId: brand.id }));
    expect(org).toMatchObject({ brandId: brand.id, brandName: 'Oxymed' });
    const byBrand = (await t.app.inject({ method: 'GET', url: `/api/organizations?q=oxymed`, headers: as(admin) })).json();
    expect(byBrand.items.map((o: { id: number }) => o.id)).toEqual([org.id]);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/brands/${brand.id}`,
      headers: as(admin),
      payload: valid({ name: 'Nika Pharm', inn: brand.inn }),
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Nika Pharm', organizationCount: 1 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/organizations?q=${encodeURIComponent('Ника Фарм')}`, headers: as(admin) }))
        .json()
        .items.map((o: { id: number }) => o.id),
    ).toEqual([org.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations?q=Oxymed', headers: as(admin) })).json().items).toEqual([]);
    const inUse = await t.app.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, headers: as(admin) });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('IN_USE');
    const unused = (await post(valid({ name: 'Temporary' }))).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/brands/${unused.id}`, headers: as(admin) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/brands/${unused.id}`, headers: as(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/brands/999999', headers: as(admin), payload: valid() })).statusCode).toBe(404);
  });

  it('lists, searches across scripts and offers pick-list options', async () => {
    const b = (await post(valid({ name: 'Shifobaxsh Savdo' }))).json();
    const found = (await t.app.inject({ method: 'GET', url: `/api/brands?q=${encodeURIComponent('Шифобахш')}`, headers: as(rep) })).json();
    expect(found.items.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const byInn = (await t.app.inject({ method: 'GET', url: `/api/brands?q=${b.inn}`, headers: as(rep) })).json();
    expect(byInn.items.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const page = (await t.app.inject({ method: 'GET', url: '/api/brands?size=25&sort=-name', headers: as(rep) })).json();
    expect(page).toMatchObject({ page: 1, size: 25 });
    const names = page.items.map((x: { name: string }) => x.name);
    expect(names).toEqual([...names].sort().reverse());
    const options = (await t.app.inject({ method: 'GET', url: '/api/brands/options', headers: as(rep) })).json();
    expect(options.find((o: { id: number }) => o.id === b.id)).toEqual({ id: b.id, name: 'Shifobaxsh Savdo', inn: b.inn });
  });
});
