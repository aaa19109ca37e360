import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authFor, createTestApp, makeUser, type TestContext } from '../test/test-app.js';
import { testDriver } from '../test/test-database.js';
import { districts, regions } from '../modules/regions/regions.table.js';
import { userTerritories } from '../modules/territories/territories.table.js';
import { constraintError } from './error-handler.js';

/** The probe's findings of issue 13 item 17, one by one (the contract fuzz test covers every route). */
let t: TestContext;
let admin: { id: number };
const get = (url: string, lng = 'en') => t.app.inject({ method: 'GET', url, headers: { ...authFor(t.app, admin), 'accept-language': lng } });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, lng = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...authFor(t.app, admin), 'accept-language': lng, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
});
afterAll(() => t.close());

describe(`integers beyond PostgreSQL integer (${testDriver})`, () => {
  it('answers GET …/{id} with 2147483648 by 400 naming the id, not 500', async () => {
    for (const url of ['/api/orders/2147483648', '/api/organizations/2147483648', '/api/users/2147483648', '/api/stock/batches/2147483648']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'Must be at most 2147483647' } });
    }
    expect((await get('/api/orders/2147483647')).statusCode).toBe(404);
  });

  it('refuses an id above 2^31 in a body and a query, naming the field', async () => {
    const res = await send('PUT', `/api/users/${admin.id}/territories`, { items: [{ regionId: 2_147_483_648 }] }, 'ru');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['items.0.regionId']).toBe('Значение не больше 2147483647');
    const query = await get('/api/orders?organizationId=2147483648');
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toHaveProperty('organizationId');
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL byte in a free-text field with 400 naming it, in the language asked', async () => {
    const res = await send('PUT', '/api/account/profile', { fullName: 'Ali\u0000 Valiyev', phones: [] }, 'ru');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { fullName: 'Содержит символы, которые нельзя сохранить' } });
    expect(typeof res.json().requestId).toBe('string');
  });

  it('refuses a lone surrogate in a nested string, a query and an object key', async () => {
    const nested = await send('POST', '/api/regions', { code: 'ZZ', name: { ru: 'a', en: 'b\ud800', 'uz-Latn': 'c', 'uz-Cyrl': 'd' } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fields).toEqual({ 'name.en': 'Contains characters that cannot be saved' });
    const query = await get('/api/organizations?q=%00abcd');
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual({ q: 'Contains characters that cannot be saved' });
    const key = await send('PUT', '/api/account/profile', JSON.parse('{"fullName":"Ali","phones":[],"x\\udc00":1}'));
    expect(key.statusCode).toBe(400);
    // a well-formed pair (an emoji) is fine
    const emoji = await send('PUT', '/api/account/profile', { fullName: 'Ali 😀', phones: [] });
    expect(emoji.statusCode).toBe(200);
  });

  it('answers a path that is not valid percent-encoding in the one envelope', async () => {
    const res = await get('/api/orders/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', requestId: expect.any(String) });
  });
});

describe('sort keys', () => {
  it('refuses sort=__proto__ (and any non-name) with 400; an unknown plain name falls back to the default', async () => {
    for (const url of [
      '/api/incomes?sort=__proto__',
      '/api/incomes?sort=-__proto__',
      '/api/orders?sort=constructor.prototype',
      '/api/stock/batches?sort=__proto__',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields).toHaveProperty('sort');
    }
    expect((await get('/api/incomes?sort=toString')).statusCode).toBe(200);
    expect((await get('/api/incomes?sort=-date')).statusCode).toBe(200);
  });
});

describe(`database constraints become 409 (${testDriver})`, () => {
  const caught = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('expected the database to refuse');
  };

  it('maps a unique violation to ALREADY_EXISTS, a missing reference to REFERENCE_GONE and a referenced delete to IN_USE', async () => {
    const [region] = await t.db.select().from(regions).limit(1);
    const unique = await caught(() => t.db.insert(regions).values({ code: region!.code, name: region!.name }));
    expect(constraintError(unique)).toMatchObject({ code: 'ALREADY_EXISTS', status: 409 });
    const gone = await caught(() => t.db.insert(userTerritories).values({ userId: admin.id, regionId: 2_000_000_000 }));
    expect(constraintError(gone)).toMatchObject({ code: 'REFERENCE_GONE', status: 409 });
    const inUse = await caught(() => t.db.delete(regions).where(eq(regions.id, region!.id)));
    expect(constraintError(inUse)).toMatchObject({ code: 'IN_USE', status: 409 });
    expect(constraintError(new Error('boom'))).toBeUndefined();
    expect((await t.db.select().from(districts).where(eq(districts.regionId, region!.id))).length).toBeGreaterThan(0);
  });
});
