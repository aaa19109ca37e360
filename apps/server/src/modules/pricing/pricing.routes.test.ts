import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTradeSettings } from '@pharma/contracts';
import { createTestApp, makeUser, authFor, type TestContext } from '../../test/test-app.js';
import { inDays, makeBatch, makeCategory, makeProduct, makeProducer, makeWarehouse } from '../../test/stock-fixtures.js';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeUser>>, rep: typeof admin, courier: typeof admin, employee: typeof admin;
let antibiotics: Awaited<ReturnType<typeof makeCategory>>, cephalosporins: typeof antibiotics;
const as = (user: { id: number }, lng = 'en') => ({ ...authFor(t.app, user), 'accept-language': lng });

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep');
  courier = await makeUser(t.db, 'courier');
  employee = await makeUser(t.db, 'employee');
  antibiotics = await makeCategory(t.db, 'Антибиотики');
  cephalosporins = await makeCategory(t.db, 'Цефалоспорины', antibiotics.id);
});
afterAll(() => t.close());

const settings = () => ({
  vatPercent: 12,
  markups: { wholesale: 8.5, retail: 25 },
  prepaymentPercent: 30,
  shortDatedDays: 120,
  categoryMarkups: [
    { categoryId: antibiotics.id, wholesale: 10, retail: null },
    { categoryId: cephalosporins.id, wholesale: 12.25, retail: 30 },
  ],
});

describe('Settings → prepayments and markups', () => {
  it('answers the defaults to anyone signed in until saved', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pricing/settings', headers: as(courier) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultTradeSettings);
  });

  it('saves markups by client type and category, prepayment, VAT and the short-dated horizon, with an audit entry', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/pricing/settings', headers: as(admin), payload: settings() });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(settings());
    expect((await t.app.inject({ method: 'GET', url: '/api/pricing/settings', headers: as(rep) })).json()).toEqual(settings());
    const audit = (await t.app.inject({ method: 'GET', url: '/api/audit?entity=tradeSettings', headers: as(admin) })).json();
    expect(audit.items[0].changes.prepaymentPercent).toEqual({ from: 0, to: 30 });
  });

  it('validates percentages and categories with localized messages', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/settings',
      headers: as(admin, 'ru'),
      payload: { ...settings(), vatPercent: 12.345, prepaymentPercent: 120, shortDatedDays: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      vatPercent: 'Не более двух знаков после запятой',
      prepaymentPercent: 'Значение не больше 100',
      shortDatedDays: 'Значение не меньше 1',
    });
    const dup = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/settings',
      headers: as(admin),
      payload: { ...settings(), categoryMarkups: [settings().categoryMarkups[0], settings().categoryMarkups[0]] },
    });
    expect(dup.json().fields.categoryMarkups).toBe('This value is repeated');
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/settings',
      headers: as(admin),
      payload: { ...settings(), categoryMarkups: [{ categoryId: 999_999, wholesale: 5, retail: 5 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields['categoryMarkups.0.categoryId']).toBe('Choose one of the offered values');
    const missing = await t.app.inject({ method: 'PUT', url: '/api/pricing/settings', headers: as(admin), payload: {} });
    expect(missing.json().code).toBe('REQUIRED_FIELDS_MISSING');
  });

  it('is changed only with the settings right', async () => {
    for (const user of [rep, employee]) {
      expect((await t.app.inject({ method: 'PUT', url: '/api/pricing/settings', headers: as(user), payload: settings() })).statusCode).toBe(403);
    }
  });

  it('moves the short-dated horizon of every stock list', async () => {
    const producer = await makeProducer(t.db);
    const product = await makeProduct(t.db, { producerId: producer.id });
    const warehouse = await makeWarehouse(t.db);
    const b = await makeBatch(t.db, { productId: product.id, warehouseId: warehouse.id, expiryDate: inDays(100), onHand: 5 });
    await t.app.inject({ method: 'PUT', url: '/api/pricing/settings', headers: as(admin), payload: { ...settings(), shortDatedDays: 90 } });
    expect((await t.app.inject({ method: 'GET', url: `/api/stock/batches/${b.id}`, headers: as(rep) })).json().state).toBe('ok');
    await t.app.inject({ method: 'PUT', url: '/api/pricing/settings', headers: as(admin), payload: { ...settings(), shortDatedDays: 100 } });
    expect((await t.app.inject({ method: 'GET', url: `/api/stock/batches/${b.id}`, headers: as(rep) })).json().state).toBe('shortDated');
  });
});
