import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlobalSearchAnswer, SearchKind } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextPhone, organizationBody, place } from '../../test/counterparties.js';
import { makeProducer, makeProduct } from '../../test/stock-fixtures.js';
import { orders } from '../orders/orders.table.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep: U, rep2: U, otherRep: U, courier: U, employee: U;
let najot: { id: number; name: string }, samarkandPharmacy: { id: number; name: string };
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);

const search = async (user: { id: number }, q: string, extra = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GlobalSearchAnswer;
};
const group = (answer: GlobalSearchAnswer, kind: SearchKind) => answer.groups.find((g) => g.kind === kind);
const titles = (answer: GlobalSearchAnswer, kind: SearchKind) => group(answer, kind)?.items.map((i) => i.title) ?? [];

const order = (agentId: number, organizationId: number, number: number) =>
  t.db.insert(orders).values({
    number,
    date: '2026-11-20',
    organizationId,
    agentId,
    clientType: 'retail',
    paymentVariant: 'cash',
    vatBp: 1200,
    deliveryAddress: "Bunyodkor ko'chasi, 12",
    sumSale: 1_250_000_00,
  });

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const samarkand = await place(t.db, 'SA', 'Samarqand shahri');
  admin = await makeUser(t.db, 'admin', { fullName: 'Aziz Adminov' });
  chief = await makeUser(t.db, 'chief', { managerId: admin.id, fullName: 'Шерзод Рахимов' });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id, fullName: 'Малика Юсупова', phones: ['+998901112233'] });
  rep2 = await makeUser(t.db, 'rep', { managerId: chief.id, fullName: 'Sardor Qodirov' });
  otherRep = await makeUser(t.db, 'rep', { managerId: admin.id, fullName: 'Азиза Каримова' });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  employee = await makeUser(t.db, 'employee', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, otherRep.id, samarkand);
  najot = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека «Наджот» №7' }));
  samarkandPharmacy = await createOrganization(t.app, admin, organizationBody(samarkand, { name: 'Najot Farm Samarqand' }));
  const doctor = await t.app.inject({
    method: 'POST',
    url: '/api/doctors',
    headers: as(admin),
    payload: { firstName: 'Dilnoza', lastName: 'Najotova', phone: nextPhone(), specialization: 'cardiologist', organizationId: najot.id },
  });
  expect(doctor.statusCode, doctor.body).toBe(201);
  const producerId = (await makeProducer(t.db, 'Nika Pharm')).id;
  await makeProduct(t.db, { producerId, name: 'Парацетамол 500 мг' });
  await order(rep.id, najot.id, 424_242);
  await order(rep2.id, najot.id, 424_243);
  await order(otherRep.id, samarkandPharmacy.id, 424_299);
  await order(rep.id, najot.id, 42);
});
afterAll(() => t.close());

describe('GET /api/search', () => {
  it('finds a Cyrillic name by a Latin query, across kinds, grouped in a fixed order with totals', async () => {
    const answer = await search(admin, 'najot');
    expect(answer.groups.map((g) => g.kind)).toEqual(['organization', 'doctor', 'product', 'user']);
    expect(titles(answer, 'organization')).toEqual(expect.arrayContaining(['Аптека «Наджот» №7', 'Najot Farm Samarqand']));
    expect(group(answer, 'organization')!.total).toBe(2);
    expect(group(answer, 'organization')!.items[0]).toMatchObject({ kind: 'organization', type: 'pharmacy', inn: expect.any(String) });
    expect(group(answer, 'doctor')!.items).toEqual([
      expect.objectContaining({ kind: 'doctor', title: 'Najotova Dilnoza', organizationName: 'Аптека «Наджот» №7' }),
    ]);
    expect(group(answer, 'product')).toMatchObject({ total: 0, items: [] });
  });

  it('finds products the way the catalog does (a Latin drug name for a Cyrillic one) and users in either script', async () => {
    const product = group(await search(admin, 'Paracetamol'), 'product')!;
    expect(product.items).toEqual([expect.objectContaining({ kind: 'product', title: 'Парацетамол 500 мг', producerName: 'Nika Pharm', unit: 'package' })]);
    expect(titles(await search(admin, 'Malika Yusupova'), 'user')).toEqual(['Малика Юсупова']);
    expect(titles(await search(admin, 'Шерзод'), 'user')).toEqual(['Шерзод Рахимов']);
    expect(group(await search(admin, '+998 90 111-22-33'), 'user')!.items).toEqual([expect.objectContaining({ title: 'Малика Юсупова', role: 'rep' })]);
  });

  it('keeps to the territory: a rep does not find another territory’s organization', async () => {
    const answer = await search(rep, 'Najot');
    expect(titles(answer, 'organization')).toEqual(['Аптека «Наджот» №7']);
    expect(group(answer, 'organization')!.total).toBe(1);
    expect(titles(await search(otherRep, 'Najot'), 'organization')).toEqual(['Najot Farm Samarqand']);
    expect(titles(await search(otherRep, 'Najotova'), 'doctor')).toEqual([]);
  });

  it('finds an order by its number, exact or as printed, and by the beginning of it', async () => {
    expect(group(await search(admin, '424242'), 'order')!.items[0]).toMatchObject({
      kind: 'order',
      title: '424242',
      status: 'new',
      organizationName: 'Аптека «Наджот» №7',
      sumSale: 1_250_000_00,
    });
    // printed with its zeros, or remembered without them: 3 digits are enough for a number
    expect(titles(await search(admin, '000042'), 'order')).toEqual(['000042']);
    const short = await search(admin, '42');
    expect(short.groups.map((g) => g.kind)).toEqual(['order']);
    expect(titles(short, 'order')[0]).toBe('000042');
    expect(titles(await search(admin, '4242'), 'order')).toEqual(['424299', '424243', '424242']);
    expect(titles(await search(admin, 'Najot'), 'order')).toEqual([]);
  });

  it("keeps to the scope: a rep does not find another rep's order, their chief finds the team's", async () => {
    expect(titles(await search(rep, '4242'), 'order')).toEqual(['424242']);
    expect(titles(await search(chief, '4242'), 'order')).toEqual(['424243', '424242']);
    expect(titles(await search(otherRep, '424242'), 'order')).toEqual([]);
  });

  it('leaves out, without a 403, every kind the user may not view', async () => {
    // a rep views no staff
    expect((await search(rep, 'Najot')).groups.map((g) => g.kind)).toEqual(['organization', 'doctor', 'product']);
    // the warehouse sees products and orders, not organizations
    // (digits: orders first)
    expect((await search(employee, '424242')).groups.map((g) => g.kind)).toEqual(['order', 'product']);
    // a courier searches nothing here
    expect((await search(courier, 'Najot')).groups).toEqual([]);
    // kinds narrows it further
    expect((await search(admin, 'Najot', '&kinds=organization,user')).groups.map((g) => g.kind)).toEqual(['organization', 'user']);
  });

  it('answers the first `limit` of each kind with the total', async () => {
    const answer = await search(admin, '4242', '&limit=1');
    expect(group(answer, 'order')).toMatchObject({ total: 3, items: [expect.objectContaining({ title: '424299' })] });
  });

  it('refuses fewer than 4 characters other than digits, naming the field, in the asked language', async () => {
    for (const [lng, message] of [
      ['en', 'Type at least 4 characters to search'],
      ['ru', 'Для поиска введите не менее 4 символов'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('Naj')}`, headers: as(admin, lng) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.q).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=', headers: as(admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=Najot&kinds=visit', headers: as(admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=Najot' })).statusCode).toBe(401);
  });
});
