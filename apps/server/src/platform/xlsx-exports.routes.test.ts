import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { authFor, createTestApp, makeUser, type TestContext } from '../test/test-app.js';
import { inDays, makeBatch, makeProduct, makeProducer, makeWarehouse } from '../test/stock-fixtures.js';
import { exportPageRows, sendListExport } from './xlsx.js';

/** Issue 13 item 19: .xlsx exports are capped, limited in number at once, streamed, and base prices only for the right. */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, employee: U, operator: U, rep: U;
let productId: number;
let oneRowWarehouseId: number;
const rowsInStock = exportPageRows + 20; // more than one page read from the database
const get = (url: string, user: { id: number }, lng = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { ...authFor(t.app, user), 'accept-language': lng } });
async function sheetOf(res: { rawPayload: Buffer }) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
const header = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).filter((v) => typeof v === 'string');

beforeAll(async () => {
  t = await createTestApp({ EXPORT_MAX_ROWS: String(rowsInStock), EXPORT_MAX_CONCURRENT: '2' });
  admin = await makeUser(t.db, 'admin');
  employee = await makeUser(t.db, 'employee');
  operator = await makeUser(t.db, 'operator');
  rep = await makeUser(t.db, 'rep');
  const producer = await makeProducer(t.db);
  const warehouse = await makeWarehouse(t.db);
  const product = await makeProduct(t.db, { producerId: producer.id, name: 'Экспорт тест' });
  productId = product.id;
  for (let i = 0; i < rowsInStock; i++)
    await makeBatch(t.db, { productId, warehouseId: warehouse.id, expiryDate: inDays(100 + (i % 300)), onHand: 1 + (i % 7), basePrice: 1_000_000 + i });
});
afterAll(() => t.close());

describe('row cap (EXPORT_MAX_ROWS)', () => {
  it('streams every row up to the cap, across pages, in the list order', async () => {
    const res = await get(`/api/stock/batches/export?productId=${productId}`, admin);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res);
    expect(sheet.rowCount).toBe(rowsInStock + 1);
    expect(sheet.getRow(2).getCell(1).value).toBe('Экспорт тест');
  });

  it('refuses more rows than the cap with 422 EXPORT_TOO_LARGE asking to narrow the filters, in the language asked', async () => {
    oneRowWarehouseId = (await makeWarehouse(t.db)).id;
    await makeBatch(t.db, { productId, warehouseId: oneRowWarehouseId, expiryDate: inDays(50), onHand: 3 });
    const res = await get(`/api/stock/batches/export?productId=${productId}`, admin, 'ru');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'EXPORT_TOO_LARGE',
      message: `Слишком много строк для выгрузки (${rowsInStock + 1}). Сузьте фильтры не более чем до ${rowsInStock} строк.`,
      requestId: expect.any(String),
    });
    // the refused export gave its slot back
    expect((await get('/api/stock/write-offs/export', admin)).statusCode).toBe(200);
  });
});

describe('exports at once (EXPORT_MAX_CONCURRENT)', () => {
  it('refuses a third export while two are being prepared with 503 EXPORT_BUSY and Retry-After, and takes the next one after', async () => {
    const held = await heldExports();
    const first = held.get();
    const second = held.get();
    // polled with a bound: each request is signed in against the database before it takes a slot
    await vi.waitFor(() => expect(held.waiting).toBe(2), { timeout: 10_000, interval: 5 });
    const busy = await held.get();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('30');
    expect(busy.json()).toMatchObject({ code: 'EXPORT_BUSY', message: 'Other exports are being prepared right now. Try again in a minute.' });
    held.open();
    expect([(await first).statusCode, (await second).statusCode]).toEqual([200, 200]);
    expect((await sheetOf(await first)).rowCount).toBe(2);
    // the slots are free again once the files are written
    expect((await get(`/api/stock/batches/export?productId=${productId}&expiryTo=${inDays(120)}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/incomes/all-projection/export?warehouseId=${oneRowWarehouseId}`, operator)).statusCode).toBe(200);
    await held.close();
  });
});

/** A second app whose test-only export waits for `open()` after counting, so two exports are in progress for as long as the test needs. */
async function heldExports() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const state = { waiting: 0 };
  const held = await createTestApp(
    { EXPORT_MAX_CONCURRENT: '2' },
    {
      beforeReady: (app) =>
        app.get('/api/test/held-export', { config: { access: 'stock.view' } }, (_request, reply) =>
          sendListExport(reply, {
            fileName: 'held.xlsx',
            sheetName: 'Held',
            columns: [{ title: 'Name', kind: 'text', value: (row: { name: string }) => row.name }],
            basePrices: true,
            rows: {
              count: async () => {
                state.waiting += 1;
                await gate;
                return 1;
              },
              page: async () => [{ name: 'one' }],
            },
          }),
        ),
    },
  );
  const user = await makeUser(held.db, 'admin');
  return {
    get waiting() {
      return state.waiting;
    },
    get: () => held.app.inject({ method: 'GET', url: '/api/test/held-export', headers: { ...authFor(held.app, user), 'accept-language': 'en' } }),
    open,
    close: () => held.close(),
  };
}

describe('base prices only for the right stock.exportBasePrices', () => {
  const base = ['Base price', 'Base price with VAT', 'Markup %'];

  it('leaves the base-price columns out for a role without the right (a rep), in every export that has them', async () => {
    const batches = await sheetOf(await get(`/api/stock/batches/export?productId=${productId}&expiryTo=${inDays(110)}`, rep));
    expect(header(batches)).toContain('Sale price per unit');
    for (const title of base) expect(header(batches)).not.toContain(title);
    const projection = await sheetOf(await get(`/api/incomes/all-projection/export?warehouseId=${oneRowWarehouseId}`, rep));
    expect(projection.rowCount).toBe(2);
    expect(header(projection)).toContain('Sale price per unit');
    for (const title of [...base, 'Sum at base price with VAT']) expect(header(projection)).not.toContain(title);
    const writeOffs = await sheetOf(await get('/api/stock/write-offs/export', rep));
    expect(header(writeOffs)).not.toContain('Sum at base price with VAT');
  });

  it('keeps them for the roles granted the right (administrator, operator, warehouse)', async () => {
    for (const user of [admin, operator, employee]) {
      const sheet = await sheetOf(await get(`/api/stock/batches/export?productId=${productId}&expiryTo=${inDays(110)}`, user));
      for (const title of base) expect(header(sheet)).toContain(title);
      const column = header(sheet).indexOf('Base price') + 1;
      expect(sheet.getRow(2).getCell(column).value).toBeGreaterThanOrEqual(10_000);
    }
  });
});
