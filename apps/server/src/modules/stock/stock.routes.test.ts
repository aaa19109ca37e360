import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createTestApp, makeUser, authFor, type TestContext } from '../../test/test-app.js';
import { batchRow, inDays, makeBatch, makeProduct, makeProducer, makeWarehouse } from '../../test/stock-fixtures.js';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeUser>>, employee: typeof admin, rep: typeof admin, operator: typeof admin, courier: typeof admin;
let p1: Awaited<ReturnType<typeof makeProduct>>, p2: typeof p1, p3: typeof p1;
let w1: Awaited<ReturnType<typeof makeWarehouse>>, w2: typeof w1;
let expired: Awaited<ReturnType<typeof makeBatch>>,
  short: typeof expired,
  fresh: typeof expired,
  quarantined: typeof expired,
  allReserved: typeof expired,
  other: typeof expired;
const as = (user: { id: number }, lng = 'en') => ({ ...authFor(t.app, user), 'accept-language': lng });
const get = async (url: string, user = rep, lng = 'en') => t.app.inject({ method: 'GET', url, headers: as(user, lng) });
const ids = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  employee = await makeUser(t.db, 'employee');
  rep = await makeUser(t.db, 'rep');
  operator = await makeUser(t.db, 'operator');
  courier = await makeUser(t.db, 'courier');
  const producer = await makeProducer(t.db, 'Radiks');
  p1 = await makeProducer(t.db, 'Gedeon Richter', 'HU').then((g) => makeProduct(t.db, { producerId: g.id, name: 'Аспирин кардио 100 мг №28' }));
  p2 = await makeProduct(t.db, { producerId: producer.id, name: 'Бисопролол 5 мг №30' });
  p3 = await makeProduct(t.db, { producerId: producer.id, name: 'Цитрамон П №10' });
  w1 = await makeWarehouse(t.db, 'Ташкент, главный склад');
  w2 = await makeWarehouse(t.db, 'Самарканд');
  expired = await makeBatch(t.db, { productId: p1.id, warehouseId: w1.id, expiryDate: inDays(-1), onHand: 10 });
  short = await makeBatch(t.db, { productId: p1.id, warehouseId: w1.id, expiryDate: inDays(30), onHand: 20 });
  fresh = await makeBatch(t.db, { productId: p1.id, warehouseId: w1.id, expiryDate: inDays(400), onHand: 30, reserved: 4 });
  quarantined = await makeBatch(t.db, { productId: p1.id, warehouseId: w1.id, expiryDate: inDays(300), onHand: 5, status: 'quarantine' });
  allReserved = await makeBatch(t.db, { productId: p1.id, warehouseId: w2.id, expiryDate: inDays(200), onHand: 7, reserved: 7 });
  other = await makeBatch(t.db, { productId: p2.id, warehouseId: w2.id, expiryDate: inDays(500), onHand: 12 });
});
afterAll(() => t.close());

describe('stock by batch', () => {
  it('shows free = on hand − reserved, days to expiry and one state per row', async () => {
    const res = await get(`/api/stock/batches?productId=${p1.id}&size=100`);
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().items.map((b: { id: number }) => [b.id, b]));
    expect(byId.get(expired.id)).toMatchObject({ state: 'expired', daysToExpiry: -1, free: 10 });
    expect(byId.get(short.id)).toMatchObject({ state: 'shortDated', daysToExpiry: 30 });
    expect(byId.get(fresh.id)).toMatchObject({
      state: 'ok',
      onHand: 30,
      reserved: 4,
      free: 26,
      vatPercent: 12,
      markupPercent: 20,
      basePrice: 1_000_000,
      basePriceWithVat: 1_120_000,
      salePrice: 1_344_000,
    });
    expect(byId.get(quarantined.id)).toMatchObject({ state: 'quarantine', status: 'quarantine' });
    expect(byId.get(allReserved.id)).toMatchObject({ free: 0, warehouseName: 'Самарканд' });
    // earliest expiry first by default
    expect(ids(res.json())[0]).toBe(expired.id);
  });

  it('filters by state, free balance, warehouse, producer and search; sorts both ways', async () => {
    expect(ids((await get(`/api/stock/batches?productId=${p1.id}&state=expired`)).json())).toEqual([expired.id]);
    expect(ids((await get(`/api/stock/batches?productId=${p1.id}&state=shortDated`)).json())).toEqual([short.id]);
    expect(ids((await get(`/api/stock/batches?productId=${p1.id}&onlyFree=true&size=100`)).json())).not.toContain(allReserved.id);
    expect(ids((await get(`/api/stock/batches?warehouseId=${w2.id}&size=100`)).json()).sort()).toEqual([allReserved.id, other.id].sort());
    expect(ids((await get(`/api/stock/batches?q=${encodeURIComponent('aspirin')}&size=100`)).json())).toHaveLength(5);
    const asc = ids((await get('/api/stock/batches?sort=free&size=100')).json());
    const desc = ids((await get('/api/stock/batches?sort=-free&size=100')).json());
    expect(asc[0]).toBe(allReserved.id);
    expect(desc.at(-1)).toBe(allReserved.id);
    const bad = await get('/api/stock/batches?state=rotten&expiryFrom=2026-13-01', rep, 'ru');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ state: 'Выберите одно из предложенных значений', expiryFrom: 'Введите дату в формате гггг-ММ-дд' });
  });

  it('is closed to roles without the stock right and answers 404 for an unknown batch', async () => {
    expect((await get('/api/stock/batches', courier)).statusCode).toBe(403);
    expect((await get('/api/stock/batches/999999')).statusCode).toBe(404);
    expect((await get(`/api/stock/batches/${fresh.id}`)).json().productName).toBe('Аспирин кардио 100 мг №28');
  });

  it('exports the filtered list to .xlsx in the user language', async () => {
    const res = await get(`/api/stock/batches/export?productId=${p1.id}`, rep, 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Остатки');
    expect(sheet.getRow(1).getCell(1).value).toBe('Наименование');
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(10).value).toBe('Просрочена');
  });
});

describe('/residues-drugs and the short-dated list', () => {
  it('lists only reservable batches with a free balance: never expired, blocked or fully reserved', async () => {
    const res = (await get(`/api/stock/residues?productId=${p1.id}`)).json();
    expect(ids(res)).toEqual([short.id, fresh.id]);
    expect(ids((await get(`/api/stock/residues?productId=${p1.id}&minShelfLifeDays=60`)).json())).toEqual([fresh.id]);
  });

  it('answers an empty page when there are no remains (the "no remains found" state)', async () => {
    const res = await get(`/api/stock/residues?productId=${p3.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, size: 25 });
  });

  it('lists short-dated free stock, earliest first, within the setting or the given days', async () => {
    expect(ids((await get('/api/stock/short-dated')).json())).toEqual([short.id]);
    expect(ids((await get('/api/stock/short-dated?days=10')).json())).toEqual([]);
    expect(ids((await get('/api/stock/short-dated?days=500&size=100')).json())).toEqual([short.id, fresh.id, other.id]);
  });
});

describe('the price list a phone keeps (issue 16)', () => {
  it('sums the free reservable stock per product and warehouse, at the price of the batch FEFO takes first', async () => {
    const res = await get('/api/stock/price-list');
    expect(res.statusCode).toBe(200);
    const { items, truncated } = res.json() as { items: { productId: number; warehouseId: number }[]; truncated: boolean };
    expect(truncated).toBe(false);
    const shortBatch = (await get(`/api/stock/batches/${short.id}`)).json();
    const mine = items.filter((r) => r.productId === p1.id || r.productId === p2.id);
    expect(mine).toEqual([
      {
        productId: p1.id,
        productName: 'Аспирин кардио 100 мг №28',
        producerName: 'Gedeon Richter',
        barcode: p1.barcode ?? null,
        warehouseId: w1.id,
        warehouseName: 'Ташкент, главный склад',
        free: 20 + 26,
        nearestExpiry: inDays(30),
        shortDated: true,
        salePrice: shortBatch.salePrice,
      },
      expect.objectContaining({ productId: p2.id, warehouseId: w2.id, free: 12, nearestExpiry: inDays(500), shortDated: false }),
    ]);
    // nothing expired, blocked or fully reserved: p1 at the second warehouse has no free stock
    expect(items.some((r) => r.productId === p1.id && r.warehouseId === w2.id)).toBe(false);
  });

  it('is closed to roles without the stock right', async () => {
    expect((await get('/api/stock/price-list', courier)).statusCode).toBe(403);
  });
});

describe('stock by product and by warehouse', () => {
  it('sums balances per product: free of reservable batches, expired and blocked apart, nearest expiry highlighted', async () => {
    const res = (await get('/api/stock/by-product?size=100')).json();
    const row = res.items.find((r: { productId: number }) => r.productId === p1.id);
    expect(row).toMatchObject({
      batchCount: 5,
      onHand: 72,
      reserved: 11,
      free: 46,
      shortDatedFree: 20,
      expiredOnHand: 10,
      blockedOnHand: 5,
      nearestExpiry: inDays(30),
      shortDated: true,
    });
    expect(res.items.map((r: { productId: number }) => r.productId)).not.toContain(p3.id);
    const inSamarkand = (await get(`/api/stock/by-product?warehouseId=${w2.id}&onlyAvailable=true`)).json();
    expect(inSamarkand.items.map((r: { productId: number }) => r.productId)).toEqual([p2.id]);
    const byFree = (await get('/api/stock/by-product?sort=-free')).json();
    expect(byFree.items[0].productId).toBe(p1.id);
  });

  it('sums per warehouse, every warehouse shown', async () => {
    const rows = (await get('/api/stock/by-warehouse')).json();
    const main = rows.find((r: { warehouseId: number }) => r.warehouseId === w1.id);
    expect(main).toMatchObject({
      productCount: 1,
      batchCount: 4,
      onHand: 65,
      reserved: 4,
      free: 46,
      expiredOnHand: 10,
      blockedOnHand: 5,
      valueBaseWithVat: 65 * 1_120_000,
    });
  });
});

describe('quarantine and recall', () => {
  it('blocks a batch with a reason, lifts the quarantine, and never brings a recalled batch back', async () => {
    const b = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(250), onHand: 3 });
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/stock/batches/${b.id}/quarantine`,
      headers: as(employee, 'uz-Latn'),
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Majburiy maydon');
    const q = await t.app.inject({
      method: 'POST',
      url: `/api/stock/batches/${b.id}/quarantine`,
      headers: as(employee),
      payload: { reason: 'Лабораторный контроль' },
    });
    expect(q.json()).toMatchObject({ status: 'quarantine', statusReason: 'Лабораторный контроль', state: 'quarantine' });
    expect(ids((await get(`/api/stock/residues?productId=${p2.id}`)).json())).not.toContain(b.id);
    const released = await t.app.inject({ method: 'POST', url: `/api/stock/batches/${b.id}/release`, headers: as(employee) });
    expect(released.json()).toMatchObject({ status: 'available', statusReason: null });
    const recalled = await t.app.inject({
      method: 'POST',
      url: `/api/stock/batches/${b.id}/recall`,
      headers: as(employee),
      payload: { reason: 'Письмо Минздрава' },
    });
    expect(recalled.json().state).toBe('recalled');
    const back = await t.app.inject({ method: 'POST', url: `/api/stock/batches/${b.id}/release`, headers: as(employee, 'ru') });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'BATCH_RECALLED', message: 'Серия отозвана и не может быть возвращена в продажу.' });
    expect((await t.app.inject({ method: 'POST', url: `/api/stock/batches/${b.id}/quarantine`, headers: as(rep), payload: { reason: 'x' } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/stock/batches/999999/recall', headers: as(employee), payload: { reason: 'x' } })).statusCode).toBe(
      404,
    );
    const audit = (await t.app.inject({ method: 'GET', url: `/api/audit?entity=batch&entityId=${b.id}`, headers: as(admin) })).json();
    expect(audit.items.map((a: { action: string }) => a.action).sort()).toEqual(['quarantine', 'recall', 'releaseQuarantine']);
  });
});

describe('write-offs (removed stock)', () => {
  it('removes free units with a reason, records who and when, and keeps the history', async () => {
    const b = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(90), onHand: 20, reserved: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stock/write-offs',
      headers: as(employee),
      payload: { batchId: b.id, quantity: 6, reason: 'damaged', comment: 'Разбиты при разгрузке' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      batchId: b.id,
      quantity: 6,
      reason: 'damaged',
      createdById: employee.id,
      createdByName: employee.fullName,
      sumBaseWithVat: 6 * 1_120_000,
      productName: 'Бисопролол 5 мг №30',
    });
    expect((await batchRow(t.db, b.id)).onHand).toBe(14);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/api/stock/write-offs',
      headers: as(employee, 'ru'),
      payload: { batchId: b.id, quantity: 10, reason: 'expired' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'WRITE_OFF_EXCEEDS_FREE',
      message: 'Свободно только 9 ед. этой серии; зарезервированный товар списать нельзя.',
    });
    expect((await batchRow(t.db, b.id)).onHand).toBe(14);
    const history = (await get(`/api/stock/write-offs?batchId=${b.id}`)).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0].createdAt).toMatch(/Z$/);
    const todayOnly = (await get(`/api/stock/write-offs?from=${inDays(0)}&to=${inDays(0)}&size=100`)).json();
    expect(todayOnly.items.map((w: { id: number }) => w.id)).toContain(res.json().id);
    expect((await get(`/api/stock/write-offs?to=${inDays(-1)}&size=100`)).json().total).toBe(0);
  });

  it('validates: a reason "other" needs a comment, the quantity is positive, the batch exists, the dates are in order', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/stock/write-offs',
      headers: as(employee, 'en'),
      payload: { batchId: short.id, quantity: 1, reason: 'other' },
    });
    expect(other.json().fields.comment).toBe('Give a reason');
    const zero = await t.app.inject({
      method: 'POST',
      url: '/api/stock/write-offs',
      headers: as(employee, 'en'),
      payload: { batchId: short.id, quantity: 0, reason: 'lost' },
    });
    expect(zero.json().fields.quantity).toBe('Must be at least 1');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stock/write-offs',
      headers: as(employee, 'en'),
      payload: { batchId: 999_999, quantity: 1, reason: 'lost' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.batchId).toBe('Choose one of the offered values');
    const range = await get(`/api/stock/write-offs?from=${inDays(0)}&to=${inDays(-3)}`);
    expect(range.json().fields.to).toBe('The end date cannot be earlier than the start date');
  });

  it('lets only those with the right to delete stock write off, and exports the history', async () => {
    for (const user of [rep, operator]) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/stock/write-offs', headers: as(user), payload: { batchId: short.id, quantity: 1, reason: 'lost' } }))
          .statusCode,
      ).toBe(403);
    }
    const file = await get('/api/stock/write-offs/export', operator, 'uz-Cyrl');
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.name).toBe('Ҳисобдан чиқаришлар');
  });
});

describe('/editable: inline edits saved all or none', () => {
  const rowOf = (b: { id: number; version: number; series: string; expiryDate: string; onHand: number }) => ({
    id: b.id,
    version: b.version,
    series: b.series,
    serialNumber: null,
    expiryDate: b.expiryDate,
    onHand: b.onHand,
    basePrice: 1_000_000,
    vatPercent: 12,
    markupPercent: 20,
  });

  it('saves edited rows, reprices them and audits a count correction', async () => {
    const a = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(100), onHand: 10 });
    const b = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(110), onHand: 10 });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/stock/batches',
      headers: as(employee),
      payload: {
        rows: [
          { ...rowOf(a), series: 'AB1234', onHand: 9 },
          { ...rowOf(b), basePrice: 2_000_050, markupPercent: 15 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ series: 'AB1234', onHand: 9, version: 2 });
    expect(res.json().items[1]).toMatchObject({ basePrice: 2_000_050, basePriceWithVat: 2_240_056, salePrice: 2_576_100, version: 2 });
    const audit = (await t.app.inject({ method: 'GET', url: `/api/audit?entity=batch&entityId=${a.id}`, headers: as(admin) })).json();
    expect(audit.items[0]).toMatchObject({ action: 'adjust', changes: { onHand: { from: 10, to: 9 } } });
  });

  it('refuses a row changed meanwhile and a count below the reserved quantity, saving nothing', async () => {
    const a = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(100), onHand: 10 });
    const b = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(110), onHand: 10, reserved: 6 });
    const c = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(120), onHand: 10 });
    await t.db.execute(sql`update batches set version = version + 1 where id = ${c.id}`);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/stock/batches',
      headers: as(employee, 'ru'),
      payload: { rows: [{ ...rowOf(a), series: 'CHANGED' }, { ...rowOf(b), onHand: 5 }, rowOf(c)] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STOCK_BELOW_RESERVED');
    expect(res.json().fields).toEqual({
      'rows.1.onHand': 'Не может быть меньше зарезервированного количества',
      'rows.2.version': 'Строку тем временем изменил другой пользователь: обновите её',
    });
    expect((await batchRow(t.db, a.id)).series).toBe(a.series);
    const invalid = await t.app.inject({
      method: 'PATCH',
      url: '/api/stock/batches',
      headers: as(employee),
      payload: { rows: [{ ...rowOf(a), expiryDate: '31.12.2027', onHand: -1 }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({ 'rows.0.expiryDate': 'Enter a date as yyyy-MM-dd', 'rows.0.onHand': 'Must be at least 0' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/stock/batches', headers: as(rep), payload: { rows: [rowOf(a)] } })).statusCode).toBe(403);
  });
});

describe('database guards', () => {
  it('refuses a negative free balance or negative counters whatever the code does', async () => {
    const b = await makeBatch(t.db, { productId: p2.id, warehouseId: w1.id, expiryDate: inDays(100), onHand: 3 });
    await expect(t.db.execute(sql`update batches set reserved = 4 where id = ${b.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update batches set on_hand = -1, reserved = 0 where id = ${b.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update batches set reserved = -1 where id = ${b.id}`)).rejects.toThrow();
    expect(await batchRow(t.db, b.id)).toMatchObject({ onHand: 3, reserved: 0 });
  });
});
