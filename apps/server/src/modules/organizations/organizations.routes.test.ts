import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movePoint } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextInn, nextPhone, organizationBody, place, type Place } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, boss: U, chiefA: U, chiefB: U, repA: U, repA2: U, repB: U, courier: U, employee: U;
let chilonzor: Place, yunusobod: Place, samarkand: Place, urgut: Place;
const orgs: Record<string, { id: number; name: string }> = {};
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((o) => o.id);

beforeAll(async () => {
  t = await createTestApp();
  chilonzor = await place(t.db, 'TK', 'Chilonzor');
  yunusobod = await place(t.db, 'TK', 'Yunusobod');
  samarkand = await place(t.db, 'SA', 'Samarqand shahri');
  urgut = await place(t.db, 'SA', 'Urgut');
  admin = await makeUser(t.db, 'admin');
  operator = await makeUser(t.db, 'operator');
  boss = await makeUser(t.db, 'boss');
  chiefA = await makeUser(t.db, 'chief', { managerId: boss.id });
  chiefB = await makeUser(t.db, 'chief', { managerId: boss.id });
  repA = await makeUser(t.db, 'rep', { managerId: chiefA.id });
  repA2 = await makeUser(t.db, 'rep', { managerId: chiefA.id });
  repB = await makeUser(t.db, 'rep', { managerId: chiefB.id });
  courier = await makeUser(t.db, 'courier', { managerId: boss.id });
  employee = await makeUser(t.db, 'employee', { managerId: boss.id });
  await assignTerritory(t.db, repA.id, chilonzor);
  await assignTerritory(t.db, repA2.id, { regionId: samarkand.regionId });
  await assignTerritory(t.db, repB.id, yunusobod);
  orgs.chilonzor = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Шифо' }));
  orgs.yunusobod = await createOrganization(t.app, admin, organizationBody(yunusobod, { name: 'Dori-Darmon', type: 'wholesaler' }));
  orgs.samarkand = await createOrganization(t.app, admin, organizationBody(samarkand, { name: 'Городская клиническая больница №1', type: 'hospital' }));
  orgs.urgut = await createOrganization(t.app, admin, organizationBody(urgut, { name: 'Семейная поликлиника №3', type: 'healthcare', size: 'small' }));
});
afterAll(() => t.close());

describe('POST /api/organizations', () => {
  it("adds an organization with every field of spec §3 ('Organization successfully added') and audits it", async () => {
    const body = organizationBody(chilonzor, {
      name: 'Oxymed Chilonzor',
      phone: '+998 71 200 30 40',
      responsiblePhone: '90 111 22 33',
      branchName: 'Chilonzor filiali',
      legalName: 'OOO «Oxymed»',
      legalAddress: 'Toshkent, Chilonzor 9',
      bankName: 'Kapitalbank',
      bankAccount: '20208000900123456001',
      bankMfo: '01018',
      lat: 41.2751,
      lng: 69.2041,
      deliveryAddress: 'Chilonzor 9',
      deliveryHouse: '14',
      deliveryLat: 41.2752,
      deliveryLng: 69.2042,
      size: 'large',
      creditLimit: 50_000_000_00,
      creditDays: 30,
      minShelfLifeMonths: 12,
      defaultClientType: 'retail',
      defaultPaymentVariant: 'bankTransfer',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(admin), payload: body });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Oxymed Chilonzor',
      type: 'pharmacy',
      regionId: chilonzor.regionId,
      districtId: chilonzor.districtId,
      districtName: { 'uz-Latn': 'Chilonzor', ru: 'Чиланзарский район' },
      phone: '+998712003040',
      responsiblePhone: '+998901112233',
      bankMfo: '01018',
      lat: 41.2751,
      deliveryRegionId: chilonzor.regionId,
      deliveryDistrictId: chilonzor.districtId,
      deliveryAddress: 'Chilonzor 9',
      deliveryHouse: '14',
      size: 'large',
      creditLimit: 5_000_000_000,
      creditDays: 30,
      minShelfLifeMonths: 12,
      defaultClientType: 'retail',
      defaultPaymentVariant: 'bankTransfer',
      blocked: false,
      block: null,
      favorite: false,
      distance: null,
    });
    expect(created.searchKey).toBeUndefined();
    expect(created.nameKey).toBeUndefined();
    const audit = await t.app.inject({ method: 'GET', url: `/api/audit?entity=organization&entityId=${created.id}`, headers: as(admin) });
    expect(audit.json().items[0]).toMatchObject({ action: 'create', actorId: admin.id });
    expect(JSON.stringify(audit.json().items[0].changes)).not.toMatch(/searchKey|nameKey/);
  });

  const required = { en: 'Required field', ru: 'Обязательное поле' };
  const rules: [string, Record<string, unknown>, string, Record<string, string>][] = [
    ['name', { name: '  ' }, 'name', required],
    ['type', { type: undefined }, 'type', required],
    ['type value', { type: 'bakery' }, 'type', { en: 'Choose one of the offered values', ru: 'Выберите одно из предложенных значений' }],
    ['region', { regionId: undefined }, 'regionId', required],
    ['district (area)', { districtId: undefined }, 'districtId', required],
    ['address', { address: '' }, 'address', required],
    ['phone', { phone: undefined }, 'phone', required],
    [
      'phone validity',
      { phone: '+7 900 123 45 67' },
      'phone',
      { en: 'Enter a valid phone number: +998 and 9 digits', ru: 'Введите корректный номер телефона: +998 и 9 цифр' },
    ],
    ['phone length', { phone: '+998 90 123 45' }, 'phone', { en: 'Enter a valid phone number: +998 and 9 digits' }],
    ['inn', { inn: undefined }, 'inn', required],
    [
      'inn of 8 digits',
      { inn: '12345678' },
      'inn',
      { en: 'INN must be exactly 9 digits, without letters', ru: 'ИНН должен состоять ровно из 9 цифр, без букв' },
    ],
    ['inn of 10 digits', { inn: '1234567890' }, 'inn', { en: 'INN must be exactly 9 digits, without letters' }],
    [
      'inn with a letter',
      { inn: '12345678a' },
      'inn',
      { en: 'INN must be exactly 9 digits, without letters', 'uz-Latn': 'STIR (INN) aynan 9 ta raqamdan iborat boʻlishi kerak, harflarsiz' },
    ],
    ['inn as a fraction', { inn: '1234567.8' }, 'inn', { en: 'INN must be exactly 9 digits, without letters' }],
    ['responsible person', { responsiblePerson: '' }, 'responsiblePerson', required],
    ['delivery address', { deliveryAddress: undefined }, 'deliveryAddress', required],
    ['responsible phone', { responsiblePhone: '12-34' }, 'responsiblePhone', { en: 'Enter a valid phone number: +998 and 9 digits' }],
    [
      'bank account',
      { bankAccount: '2020800' },
      'bankAccount',
      { en: 'The bank account must be exactly 20 digits', ru: 'Расчётный счёт должен состоять ровно из 20 цифр' },
    ],
    ['bank MFO', { bankMfo: '1234' }, 'bankMfo', { en: 'The bank MFO code must be exactly 5 digits', ru: 'МФО банка должен состоять ровно из 5 цифр' }],
    ['coordinates', { lat: 69.2, lng: 41.3 }, 'lat', { en: 'Pick a point in Uzbekistan on the map', ru: 'Выберите на карте точку в пределах Узбекистана' }],
    ['coordinate pair', { lat: 41.3 }, 'lng', required],
    ['size', { size: 'huge' }, 'size', { en: 'Choose one of the offered values' }],
    ['credit days', { creditDays: -1 }, 'creditDays', { en: 'Must be at least 0' }],
    ['client type', { defaultClientType: 'vip' }, 'defaultClientType', { en: 'Choose one of the offered values' }],
  ];
  for (const [name, change, field, messages] of rules) {
    it(`refuses a missing or bad ${name} with a localized field error`, async () => {
      for (const [lng, message] of Object.entries(messages)) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/organizations',
          headers: as(admin, lng),
          payload: { ...organizationBody(chilonzor), ...change },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
      }
    });
  }

  it('says "Please fill in all required fields." when required fields are missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(admin), payload: {} });
    expect(res.json()).toMatchObject({ code: 'REQUIRED_FIELDS_MISSING', message: 'Please fill in all required fields.' });
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['address', 'deliveryAddress', 'districtId', 'inn', 'name', 'phone', 'regionId', 'responsiblePerson', 'type'].sort(),
    );
  });

  it('refuses a district of another region, an unknown district and an unknown brand', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: as(admin, 'ru'),
      payload: organizationBody({ regionId: chilonzor.regionId, districtId: urgut.districtId }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.districtId).toBe('Район не относится к выбранной области');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: as(admin),
      payload: organizationBody({ regionId: chilonzor.regionId, districtId: 999_999 }),
    });
    expect(unknown.json().fields.districtId).toBe('Choose one of the offered values');
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: as(admin),
      payload: organizationBody(chilonzor, { brandId: 999_999 }),
    });
    expect(brand.json().fields.brandId).toBe('Choose one of the offered values');
    const delivery = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: as(admin),
      payload: organizationBody(chilonzor, { deliveryRegionId: samarkand.regionId, deliveryDistrictId: yunusobod.districtId }),
    });
    expect(delivery.json().fields.deliveryDistrictId).toBe('The district does not belong to the chosen region');
  });

  it('refuses the right to add to a role without it (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(employee), payload: organizationBody(chilonzor) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations', headers: as(courier) })).statusCode).toBe(403);
  });
});

describe('scope: territories', () => {
  it('shows a rep the organizations of their territories only', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(repA) });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(list.json().items.length);
    expect(ids(list)).toContain(orgs.chilonzor!.id);
    for (const o of [orgs.yunusobod, orgs.samarkand, orgs.urgut]) expect(ids(list)).not.toContain(o!.id);
    expect(list.json().items.every((o: { districtId: number }) => o.districtId === chilonzor.districtId)).toBe(true);
    // a whole region
    const region = await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(repA2) });
    expect(ids(region).sort()).toEqual([orgs.samarkand!.id, orgs.urgut!.id].sort());
  });

  it("shows a chief their team's territories and a boss the whole tree; operators everything", async () => {
    const chief = ids(await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(chiefA) }));
    for (const o of [orgs.chilonzor, orgs.samarkand, orgs.urgut]) expect(chief).toContain(o!.id);
    expect(chief).not.toContain(orgs.yunusobod!.id);
    const other = ids(await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(chiefB) }));
    expect(other).toContain(orgs.yunusobod!.id);
    expect(other).not.toContain(orgs.chilonzor!.id);
    const bossIds = ids(await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(boss) }));
    for (const o of Object.values(orgs)) expect(bossIds).toContain(o.id);
    const all = ids(await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: as(operator) }));
    for (const o of Object.values(orgs)) expect(all).toContain(o.id);
  });

  it('answers 404 for an organization outside the territories, to read or to edit', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${orgs.yunusobod!.id}`, headers: as(repA) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${orgs.chilonzor!.id}`, headers: as(repA) })).statusCode).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: `/api/organizations/${orgs.yunusobod!.id}`, headers: as(repA), payload: organizationBody(chilonzor) });
    expect(put.statusCode).toBe(404);
  });

  it('lets a rep add organizations only in their territories', async () => {
    const outside = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(repA, 'ru'), payload: organizationBody(yunusobod) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields.districtId).toBe('Этот район не входит в закреплённые за вами территории');
    const en = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(repA), payload: organizationBody(yunusobod) });
    expect(en.json().fields.districtId).toBe('This district is outside your assigned territories');
    const inside = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(repA), payload: organizationBody(chilonzor) });
    expect(inside.statusCode).toBe(201);
  });

  it('sees nothing without territories', async () => {
    const lonely = await makeUser(t.db, 'rep', { managerId: chiefA.id });
    const list = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: as(lonely) });
    expect(list.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/organizations/:id', () => {
  it('answers 404 for an organization that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations/999999', headers: as(admin) })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: '/api/organizations/999999', headers: as(admin), payload: organizationBody(chilonzor) });
    expect(put.statusCode).toBe(404);
  });
});

describe('search across scripts (≥ 4 characters)', () => {
  const search = async (q: string, user = admin) =>
    ids(await t.app.inject({ method: 'GET', url: `/api/organizations?size=100&q=${encodeURIComponent(q)}`, headers: as(user) }));

  it('finds "Аптека Шифо" by "Apteka Shifo" and by "Shifo", and "Dori-Darmon" by "Дори-Дармон"', async () => {
    expect(await search('Apteka Shifo')).toContain(orgs.chilonzor!.id);
    expect(await search('Shifo')).toContain(orgs.chilonzor!.id);
    expect(await search('шифо')).toContain(orgs.chilonzor!.id);
    expect(await search('Дори-Дармон')).toContain(orgs.yunusobod!.id);
    expect(await search('dori-darmon')).toContain(orgs.yunusobod!.id);
    expect(await search('Shifo')).not.toContain(orgs.yunusobod!.id);
  });

  it('finds by inn, phone digits, address, responsible person, and keeps to the scope', async () => {
    const created = await createOrganization(
      t.app,
      admin,
      organizationBody(chilonzor, { inn: '305123987', phone: '+998 93 555 66 77', address: "Qatortol ko'chasi 5", responsiblePerson: 'Xolmatov Farrux' }),
    );
    expect(await search('305123987')).toEqual([created.id]);
    expect(await search('93 555 66 77')).toEqual([created.id]);
    expect(await search('Катортол')).toContain(created.id);
    expect(await search('Холматов')).toContain(created.id);
    expect(await search('Дори-Дармон', repA)).toEqual([]);
  });

  it('refuses a search shorter than 4 characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations?q=abc', headers: as(admin, 'ru') });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.q).toBe('Для поиска введите не менее 4 символов');
  });
});

describe('/references: filters, sort, paging and infinite scroll', () => {
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      await createOrganization(
        t.app,
        admin,
        organizationBody(yunusobod, { name: `Scroll Pharm ${String(i % 7)}`, type: i % 2 ? 'pharmacy' : 'hospital', size: i % 3 ? 'medium' : 'large' }),
      );
    }
  });

  it('filters by type (one or several), region, district and size', async () => {
    const hospitals = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&type=hospital', headers: as(admin) })).json();
    expect(hospitals.items.every((o: { type: string }) => o.type === 'hospital')).toBe(true);
    const two = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&type=hospital,healthcare', headers: as(admin) })).json();
    expect(two.total).toBe(hospitals.total + 1);
    const region = (await t.app.inject({ method: 'GET', url: `/api/organizations?size=100&regionId=${samarkand.regionId}`, headers: as(admin) })).json();
    expect(region.items.map((o: { id: number }) => o.id).sort()).toEqual([orgs.samarkand!.id, orgs.urgut!.id].sort());
    const district = (await t.app.inject({ method: 'GET', url: `/api/organizations?size=100&districtId=${urgut.districtId}`, headers: as(admin) })).json();
    expect(district.items.map((o: { id: number }) => o.id)).toEqual([orgs.urgut!.id]);
    const small = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&orgSize=small', headers: as(admin) })).json();
    expect(small.items.map((o: { id: number }) => o.id)).toEqual([orgs.urgut!.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations?type=shop', headers: as(admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations?size=30', headers: as(admin) })).statusCode).toBe(400);
  });

  it('scrolls with a keyset cursor without gaps or repeats, both ways, beside page/size', async () => {
    for (const sort of ['name', '-name', 'createdAt', '-createdAt', 'inn']) {
      const seen: number[] = [];
      let after: string | null = null;
      let total = 0;
      do {
        const url: string = `/api/organizations?size=25&q=${encodeURIComponent('Scroll Pharm')}&sort=${sort}${after ? `&after=${after}` : ''}`;
        const page = (await t.app.inject({ method: 'GET', url, headers: as(admin) })).json();
        seen.push(...page.items.map((o: { id: number }) => o.id));
        total = page.total;
        after = page.nextCursor;
      } while (after);
      expect(seen, sort).toHaveLength(30);
      expect(new Set(seen).size).toBe(30);
      expect(total).toBe(30);
      const paged = [
        ...(await t.app.inject({ method: 'GET', url: `/api/organizations?size=25&page=1&q=Scroll%20Pharm&sort=${sort}`, headers: as(admin) })).json().items,
        ...(await t.app.inject({ method: 'GET', url: `/api/organizations?size=25&page=2&q=Scroll%20Pharm&sort=${sort}`, headers: as(admin) })).json().items,
      ].map((o: { id: number }) => o.id);
      expect(seen).toEqual(paged);
    }
  });

  it('sorts by name both ways', async () => {
    const asc = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&sort=name&q=Scroll%20Pharm', headers: as(admin) }))
      .json()
      .items.map((o: { name: string }) => o.name);
    expect(asc).toEqual([...asc].sort());
    const desc = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&sort=-name', headers: as(admin) })).json().items;
    expect(desc.map((o: { id: number }) => o.id)).toEqual(
      (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&sort=name', headers: as(admin) }))
        .json()
        .items.map((o: { id: number }) => o.id)
        .reverse(),
    );
  });

  it('refuses a cursor made for another sort or tampered with', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=25&sort=name', headers: as(admin) })).json();
    const wrong = await t.app.inject({ method: 'GET', url: `/api/organizations?size=25&sort=-name&after=${first.nextCursor}`, headers: as(admin) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.after).toBe('Invalid value');
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations?after=garbage', headers: as(admin) })).statusCode).toBe(400);
  });
});

describe('likely duplicates (same inn, or a similar name within 50 m)', () => {
  const home = { lat: 41.3111, lng: 69.2797 };
  let grand: { id: number; inn?: unknown };
  beforeAll(async () => {
    grand = await createOrganization(t.app, admin, organizationBody(yunusobod, { name: 'Grand Pharm Yunusobod', inn: '207654321', ...home }));
  });

  it('lists them for the screen before saving, with the reasons', async () => {
    const near = movePoint(home, 30, 90);
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/check-duplicates',
      headers: as(admin),
      payload: { name: 'Гранд Фарм Юнусобод', ...near },
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().items).toEqual([expect.objectContaining({ id: grand.id, reasons: ['nameNearby'], visible: true, blocked: false })]);
    expect(byName.json().items[0].distance).toBeCloseTo(30, 0);
    const byInn = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/check-duplicates',
      headers: as(admin),
      payload: { name: 'Completely different', inn: '207654321' },
    });
    expect(byInn.json().items).toEqual([expect.objectContaining({ id: grand.id, reasons: ['inn'], distance: null })]);
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/check-duplicates',
      headers: as(admin),
      payload: { name: 'Grand Pharm Yunusobod', ...movePoint(home, 80, 0) },
    });
    expect(far.json().items).toEqual([]);
    const other = await t.app.inject({ method: 'POST', url: '/api/organizations/check-duplicates', headers: as(admin), payload: { name: 'Oxymed', ...near } });
    expect(other.json().items).toEqual([]);
    const itself = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/check-duplicates',
      headers: as(admin),
      payload: { name: 'Grand Pharm Yunusobod', inn: '207654321', ...home, excludeId: grand.id },
    });
    expect(itself.json().items).toEqual([]);
  });

  it('tells a rep about a duplicate outside their territories without opening it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations/check-duplicates', headers: as(repA), payload: { name: 'x', inn: '207654321' } });
    expect(res.json().items).toEqual([expect.objectContaining({ id: grand.id, visible: false })]);
  });

  it('refuses to save a likely duplicate until the user confirms it', async () => {
    const body = organizationBody(yunusobod, { name: 'Grand Pharm Yunusobod', ...movePoint(home, 20, 180) });
    const refused = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(admin), payload: body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LIKELY_DUPLICATE', message: expect.stringMatching(/^A similar organization already exists/) });
    const ru = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: as(admin, 'ru'),
      payload: { ...body, inn: '207654321', lat: undefined, lng: undefined },
    });
    expect(ru.json().message).toMatch(/^Похожая организация уже есть/);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: as(admin), payload: { ...body, confirmDuplicate: true } });
    expect(confirmed.statusCode).toBe(201);
  });

  it('does not ask again when an edit keeps the name, inn and point', async () => {
    const current = (await t.app.inject({ method: 'GET', url: `/api/organizations/${grand.id}`, headers: as(admin) })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${grand.id}`,
      headers: as(admin),
      payload: {
        ...organizationBody(yunusobod),
        name: current.name,
        inn: current.inn,
        lat: current.lat,
        lng: current.lng,
        phone: current.phone,
        responsiblePerson: 'Yangi Mas’ul',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().responsiblePerson).toBe('Yangi Mas’ul');
    // a changed point near the confirmed look-alike asks again
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${grand.id}`,
      headers: as(admin),
      payload: { ...organizationBody(yunusobod), name: current.name, inn: current.inn, ...movePoint(home, 25, 180) },
    });
    expect(moved.statusCode).toBe(409);
  });
});

describe('edit, /add-address, /add-delivery-address', () => {
  it('edits every field and keeps the search key current', async () => {
    const created = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Dorixona №12' }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${created.id}`,
      headers: as(repA),
      payload: organizationBody(chilonzor, { name: 'Dorixona Nur', size: 'medium', confirmDuplicate: true }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dorixona Nur', size: 'medium' });
    const found = (await t.app.inject({ method: 'GET', url: `/api/organizations?q=${encodeURIComponent('Дорихона Нур')}`, headers: as(admin) })).json();
    expect(found.items.map((o: { id: number }) => o.id)).toEqual([created.id]);
  });

  it('saves the address and map point, and the delivery address with its point', async () => {
    const created = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const loc = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${created.id}/location`,
      headers: as(admin),
      payload: { regionId: yunusobod.regionId, districtId: yunusobod.districtId, address: "Amir Temur ko'chasi 107", lat: 41.345, lng: 69.284 },
    });
    expect(loc.statusCode).toBe(200);
    expect(loc.json()).toMatchObject({ districtId: yunusobod.districtId, address: "Amir Temur ko'chasi 107", lat: 41.345, lng: 69.284 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/organizations?q=${encodeURIComponent('Амир Темур')}`, headers: as(admin) }))
        .json()
        .items.map((o: { id: number }) => o.id),
    ).toContain(created.id);
    const delivery = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${created.id}/delivery-address`,
      headers: as(admin),
      payload: {
        deliveryRegionId: samarkand.regionId,
        deliveryDistrictId: samarkand.districtId,
        deliveryAddress: 'Registon',
        deliveryHouse: '1A',
        deliveryLat: 39.6547,
        deliveryLng: 66.9758,
      },
    });
    expect(delivery.statusCode).toBe(200);
    expect(delivery.json()).toMatchObject({
      deliveryRegionId: samarkand.regionId,
      deliveryDistrictId: samarkand.districtId,
      deliveryAddress: 'Registon',
      deliveryHouse: '1A',
      deliveryLat: 39.6547,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${created.id}`, headers: as(admin) })).json().deliveryHouse).toBe('1A');
    // the house number is its own field: too long is refused on it; empty clears it
    const longHouse = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${created.id}/delivery-address`,
      headers: as(admin),
      payload: { deliveryAddress: 'Registon', deliveryHouse: '1'.repeat(21) },
    });
    expect(longHouse.statusCode).toBe(400);
    expect(Object.keys(longHouse.json().fields)).toEqual(['deliveryHouse']);
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${created.id}/delivery-address`,
      headers: as(admin),
      payload: { deliveryAddress: 'Registon 1', deliveryHouse: '' },
    });
    expect(cleared.json()).toMatchObject({ deliveryAddress: 'Registon 1', deliveryHouse: null });
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${created.id}/delivery-address`,
      headers: as(admin, 'ru'),
      payload: { deliveryAddress: ' ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.deliveryAddress).toBe('Обязательное поле');
    const half = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${created.id}/delivery-address`,
      headers: as(admin),
      payload: { deliveryAddress: 'x', deliveryRegionId: samarkand.regionId },
    });
    expect(half.json().fields.deliveryDistrictId).toBe('Required field');
    // a rep cannot move an organization out of their territories
    const repOrg = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const away = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${repOrg.id}/location`,
      headers: as(repA),
      payload: { ...yunusobod, address: 'x' },
    });
    expect(away.json().fields.districtId).toBe('This district is outside your assigned territories');
  });
});

describe('favorite pharmacies', () => {
  it('adds and removes favorites per user; /favorite-pharmacies lists them', async () => {
    const id = orgs.chilonzor!.id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/organizations/${id}/favorite`, headers: as(repA) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'PUT', url: `/api/organizations/${id}/favorite`, headers: as(repA) })).statusCode).toBe(204);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/organizations?favorite=true&type=pharmacy', headers: as(repA) })).json();
    expect(mine.items.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(mine.items[0].favorite).toBe(true);
    expect(mine.total).toBe(1);
    const someoneElse = (await t.app.inject({ method: 'GET', url: '/api/organizations?favorite=true', headers: as(admin) })).json();
    expect(someoneElse.items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${id}`, headers: as(admin) })).json().favorite).toBe(false);
    expect((await t.app.inject({ method: 'PUT', url: `/api/organizations/${orgs.yunusobod!.id}/favorite`, headers: as(repA) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organizations/${id}/favorite`, headers: as(repA) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations?favorite=true', headers: as(repA) })).json().items).toEqual([]);
  });
});

describe('DELETE /api/organizations/:id', () => {
  it('deletes an organization nothing refers to, refuses one with doctors (409 IN_USE), needs the right', async () => {
    const lone = await createOrganization(t.app, admin, organizationBody(chilonzor));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organizations/${lone.id}`, headers: as(repA) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organizations/${lone.id}`, headers: as(admin) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${lone.id}`, headers: as(admin) })).statusCode).toBe(404);
    const withDoctor = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const doctor = await t.app.inject({
      method: 'POST',
      url: '/api/doctors',
      headers: as(admin),
      payload: { firstName: 'Malika', lastName: 'Karimova', phone: nextPhone(), specialization: 'therapist', organizationId: withDoctor.id },
    });
    expect(doctor.statusCode).toBe(201);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/organizations/${withDoctor.id}`, headers: as(admin) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('IN_USE');
    expect(nextInn()).toMatch(/^\d{9}$/);
  });
});
