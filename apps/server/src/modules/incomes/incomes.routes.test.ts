import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { calculatePrices, incomeImportColumns, addDays } from '@pharma/contracts';
import { createTestApp, makeUser, authFor, type TestContext } from '../../test/test-app.js';
import { inDays, makeProduct, makeProducer, makeWarehouse } from '../../test/stock-fixtures.js';
import { incomes } from './incomes.table.js';
import { twelveMonthsBefore } from './income-projection.service.js';

let t: TestContext;
type User = Awaited<ReturnType<typeof makeUser>>;
let employee: User, rep: User, courier: User;
let krka: Awaited<ReturnType<typeof makeProducer>>, nika: typeof krka;
let enap: Awaited<ReturnType<typeof makeProduct>>, lorista: typeof enap, sumamed: typeof enap, inactive: typeof enap;
let tashkent: Awaited<ReturnType<typeof makeWarehouse>>, samarkand: typeof tashkent;
const as = (user: { id: number }, lng = 'en') => ({ ...authFor(t.app, user), 'accept-language': lng });

beforeAll(async () => {
  t = await createTestApp();
  await makeUser(t.db, 'admin');
  employee = await makeUser(t.db, 'employee');
  rep = await makeUser(t.db, 'rep');
  courier = await makeUser(t.db, 'courier');
  krka = await makeProducer(t.db, 'KRKA', 'SI');
  nika = await makeProducer(t.db, 'Nika Pharm', 'UZ');
  enap = await makeProduct(t.db, { producerId: krka.id, name: 'Энап 10 мг №20', country: 'SI', barcode: '3838989508126' });
  lorista = await makeProduct(t.db, { producerId: krka.id, name: 'Лориста 50 мг №30', country: 'SI' });
  sumamed = await makeProduct(t.db, { producerId: nika.id, name: 'Азитромицин 500 мг №3' });
  inactive = await makeProduct(t.db, { producerId: nika.id, name: 'Снятый с производства', active: false });
  tashkent = await makeWarehouse(t.db, 'Ташкент');
  samarkand = await makeWarehouse(t.db, 'Самарканд');
});
afterAll(() => t.close());

const valid = (extra: Record<string, unknown> = {}) => ({
  date: inDays(-2),
  warehouseId: tashkent.id,
  supplier: 'Grand Pharm Trade',
  supplierInvoice: 'СФ-1042',
  vatPercent: 12,
  markupPercent: 15,
  lines: [
    { productId: enap.id, series: 'E12345', expiryDate: inDays(700), quantity: 100, basePrice: 1_234_567 },
    { productId: lorista.id, series: 'L777', serialNumber: 'SN-1', expiryDate: inDays(400), quantity: 3, basePrice: 1_000_050, markupPercent: 0 },
  ],
  ...extra,
});
const post = (body: unknown, user = employee, lng = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/incomes', headers: as(user, lng), payload: body as object });

describe('POST /api/incomes', () => {
  it('brings the lines in as batches, prices them with the pricing module and keeps the totals', async () => {
    const res = await post(valid());
    expect(res.statusCode).toBe(201);
    const income = res.json();
    expect(income.number).toMatch(/^ПР-\d{6}$/);
    const expected = calculatePrices([
      { basePrice: 1_234_567, quantity: 100, markupPercent: 15, vatPercent: 12 },
      { basePrice: 1_000_050, quantity: 3, markupPercent: 0, vatPercent: 12 },
    ]);
    expect(income).toMatchObject({
      warehouseName: 'Ташкент',
      supplier: 'Grand Pharm Trade',
      lineCount: 2,
      quantity: 103,
      sumBase: expected.totals.sumBase,
      sumBaseWithVat: expected.totals.sumBaseWithVat,
      sumSale: expected.totals.sumSale,
      createdById: employee.id,
    });
    expect(income.lines[0]).toMatchObject({
      productName: 'Энап 10 мг №20',
      producerName: 'KRKA',
      country: 'SI',
      series: 'E12345',
      quantity: 100,
      onHand: 100,
      free: 100,
      state: 'ok',
      ...expected.lines[0],
    });
    expect(income.lines[1]).toMatchObject({ serialNumber: 'SN-1', salePrice: 1_120_100, basePriceWithVat: 1_120_056, markupPercent: 0 });
    const stock = (await t.app.inject({ method: 'GET', url: `/api/stock/batches?incomeId=${income.id}`, headers: as(rep) })).json();
    expect(stock.total).toBe(2);
    const view = await t.app.inject({ method: 'GET', url: `/api/incomes/${income.id}`, headers: as(rep) });
    expect(view.json()).toEqual(income);
  });

  const rules: [string, Record<string, unknown>, string, Record<string, string>][] = [
    ['supplier', { supplier: '' }, 'supplier', { en: 'Required field', ru: 'Обязательное поле' }],
    ['date', { date: '2026/01/01' }, 'date', { en: 'Enter a date as yyyy-MM-dd' }],
    ['lines', { lines: [] }, 'lines', { en: 'Required field' }],
    ['VAT', { vatPercent: 12.005 }, 'vatPercent', { en: 'At most two decimal places', 'uz-Latn': 'Verguldan keyin koʻpi bilan ikki xona' }],
    [
      'quantity',
      { lines: [{ productId: 1, series: 'A', expiryDate: inDays(100), quantity: 0, basePrice: 100 }] },
      'lines.0.quantity',
      { en: 'Must be at least 1' },
    ],
    [
      'base price',
      { lines: [{ productId: 1, series: 'A', expiryDate: inDays(100), quantity: 1, basePrice: 10.5 }] },
      'lines.0.basePrice',
      { en: 'Invalid value' },
    ],
    [
      'expired on arrival',
      { lines: [{ productId: 1, series: 'A', expiryDate: inDays(-3), quantity: 1, basePrice: 100 }] },
      'lines.0.expiryDate',
      { en: 'The batch has already expired', ru: 'Срок годности серии уже истёк', 'uz-Cyrl': 'Сериянинг яроқлилик муддати ўтиб кетган' },
    ],
    [
      'same product twice',
      {
        lines: [
          { productId: 1, series: 'A', expiryDate: inDays(100), quantity: 1, basePrice: 100 },
          { productId: 1, series: 'a', expiryDate: inDays(100), quantity: 2, basePrice: 100 },
        ],
      },
      'lines.1.productId',
      { en: 'A product cannot be added twice', ru: 'Товар нельзя добавить дважды' },
    ],
  ];
  for (const [name, change, field, messages] of rules) {
    it(`refuses a missing or bad ${name} with a localized field error`, async () => {
      for (const [lng, message] of Object.entries(messages)) {
        const res = await post(valid(change), employee, lng);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
      }
    });
  }

  it('refuses a future date, an unknown warehouse and an unknown or discontinued product', async () => {
    const future = await post(valid({ date: inDays(1) }));
    expect(future.json().fields.date).toBe('The date cannot be in the future');
    const res = await post(
      valid({
        warehouseId: 999_999,
        lines: [
          { productId: inactive.id, series: 'A', expiryDate: inDays(100), quantity: 1, basePrice: 100 },
          { productId: 999_999, series: 'A', expiryDate: inDays(100), quantity: 1, basePrice: 100 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      warehouseId: 'Choose one of the offered values',
      'lines.0.productId': 'Choose one of the offered values',
      'lines.1.productId': 'Choose one of the offered values',
    });
  });

  it('needs the right to edit stock; answers 404 for an unknown income', async () => {
    expect((await post(valid(), rep)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/incomes', headers: as(courier) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/incomes/999999', headers: as(rep) })).statusCode).toBe(404);
  });
});

describe('income lists', () => {
  let older: { id: number; number: string }, inSamarkand: { id: number };
  beforeAll(async () => {
    older = (
      await post(
        valid({
          date: inDays(-40),
          supplier: 'Oson Apteka Distribution',
          lines: [{ productId: sumamed.id, series: 'AZ-1', expiryDate: inDays(300), quantity: 10, basePrice: 2_500_000 }],
        }),
      )
    ).json();
    inSamarkand = (await post(valid({ date: inDays(-10), warehouseId: samarkand.id }))).json();
  });

  it('lists documents by date range, warehouse, product and search, newest first', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/incomes?size=100', headers: as(rep) })).json();
    const dates = all.items.map((i: { date: string }) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const range = (await t.app.inject({ method: 'GET', url: `/api/incomes?from=${inDays(-45)}&to=${inDays(-35)}`, headers: as(rep) })).json();
    expect(range.items.map((i: { id: number }) => i.id)).toEqual([older.id]);
    const bySamarkand = (await t.app.inject({ method: 'GET', url: `/api/incomes?warehouseId=${samarkand.id}`, headers: as(rep) })).json();
    expect(bySamarkand.items.map((i: { id: number }) => i.id)).toEqual([inSamarkand.id]);
    const byProduct = (await t.app.inject({ method: 'GET', url: `/api/incomes?productId=${sumamed.id}`, headers: as(rep) })).json();
    expect(byProduct.items.map((i: { id: number }) => i.id)).toEqual([older.id]);
    const search = (await t.app.inject({ method: 'GET', url: `/api/incomes?q=${encodeURIComponent('oson apteka')}`, headers: as(rep) })).json();
    expect(search.items.map((i: { id: number }) => i.id)).toEqual([older.id]);
    const byNumber = (await t.app.inject({ method: 'GET', url: `/api/incomes?q=${encodeURIComponent(older.number.toLowerCase())}`, headers: as(rep) })).json();
    expect(byNumber.items.map((i: { id: number }) => i.id)).toEqual([older.id]);
  });

  it('answers the all-projection: every received position, filtered and paged, with a consistent total', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/incomes/all-projection?size=25', headers: as(rep) });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.total).toBe(body.items.length);
    expect(body.items[0]).toMatchObject({
      incomeNumber: expect.stringMatching(/^ПР-/),
      warehouseName: expect.any(String),
      sumSale: expect.any(Number),
      free: expect.any(Number),
    });
    const byWarehouse = (await t.app.inject({ method: 'GET', url: `/api/incomes/all-projection?warehouseId=${samarkand.id}`, headers: as(rep) })).json();
    expect(byWarehouse.items.every((r: { warehouseId: number }) => r.warehouseId === samarkand.id)).toBe(true);
    expect(byWarehouse.total).toBe(2);
    const byProducer = (await t.app.inject({ method: 'GET', url: `/api/incomes/all-projection?producerId=${nika.id}`, headers: as(rep) })).json();
    expect(byProducer.items.map((r: { productId: number }) => r.productId)).toEqual([sumamed.id]);
    const search = (await t.app.inject({ method: 'GET', url: `/api/incomes/all-projection?q=${encodeURIComponent('Azitromitsin')}`, headers: as(rep) })).json();
    expect(search.items.map((r: { incomeId: number }) => r.incomeId)).toEqual([older.id]);
    const bySeries = (await t.app.inject({ method: 'GET', url: '/api/incomes/all-projection?series=L777', headers: as(rep) })).json();
    expect(bySeries.total).toBe(bySeries.items.length);
    expect(bySeries.items.every((r: { series: string }) => r.series === 'L777')).toBe(true);
    const dated = (await t.app.inject({ method: 'GET', url: `/api/incomes/all-projection?from=${inDays(-45)}&to=${inDays(-35)}`, headers: as(rep) })).json();
    expect(dated).toMatchObject({ total: 1, items: [{ incomeId: older.id, date: inDays(-40) }] });
    const p1 = (await t.app.inject({ method: 'GET', url: '/api/incomes/all-projection?size=25&page=1&sort=expiryDate', headers: as(rep) })).json();
    const expiries = p1.items.map((r: { expiryDate: string }) => r.expiryDate);
    expect(expiries).toEqual([...expiries].sort());
    expect(p1.nextCursor).toBeNull();
    const bad = await t.app.inject({ method: 'GET', url: '/api/incomes/all-projection?q=ab&size=7', headers: as(rep, 'ru') });
    expect(bad.json().fields).toMatchObject({ q: 'Для поиска введите не менее 4 символов', size: 'Выберите одно из предложенных значений' });
  });

  it('walks deep with a keyset cursor: the same rows as page numbers, in both sorts', async () => {
    for (let i = 0; i < 12; i++)
      await post(
        valid({ date: inDays(-100 - i), lines: [{ productId: lorista.id, series: `K${i}`, expiryDate: inDays(300 + i), quantity: 1, basePrice: 100_000 }] }),
      );
    for (const sort of ['-date', 'date', 'expiryDate', '-expiryDate']) {
      const byPage: number[] = [];
      for (let page = 1; page <= 2; page++) {
        const body = (await t.app.inject({ method: 'GET', url: `/api/incomes/all-projection?size=25&page=${page}&sort=${sort}`, headers: as(rep) })).json();
        byPage.push(...body.items.map((r: { batchId: number }) => r.batchId));
      }
      const byCursor: number[] = [];
      let after = '';
      for (let i = 0; i < 2; i++) {
        const body = (
          await t.app.inject({ method: 'GET', url: `/api/incomes/all-projection?size=25&sort=${sort}${after ? `&after=${after}` : ''}`, headers: as(rep) })
        ).json();
        byCursor.push(...body.items.map((r: { batchId: number }) => r.batchId));
        after = body.nextCursor;
        if (!after) break;
      }
      expect(byCursor, sort).toEqual(byPage);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/incomes/all-projection?after=yesterday', headers: as(rep) });
    expect(bad.json().fields.after).toBe('Invalid value');
  });

  it('exports the projection to .xlsx with money in sum', async () => {
    // the warehouse has the right to base prices (decision 035); a rep's file leaves them out (platform/xlsx-exports.routes.test.ts)
    const res = await t.app.inject({ method: 'GET', url: `/api/incomes/all-projection/export?incomeId=${older.id}`, headers: as(employee, 'en') });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Sale price per unit');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(13).value).toBe('Base price');
    expect(sheet.getRow(2).getCell(13).value).toBe(25_000);
  });

  it('answers the statistics by period, producer and warehouse, adding up to the totals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/incomes/statistics', headers: as(rep) });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.period).toBe('month');
    expect(s.from).toBe(twelveMonthsBefore(inDays(0)));
    const sum = (rows: { sumSale: number; quantity: number }[]) =>
      rows.reduce((a, r) => ({ sumSale: a.sumSale + r.sumSale, quantity: a.quantity + r.quantity }), { sumSale: 0, quantity: 0 });
    for (const part of [s.byPeriod, s.byProducer, s.byWarehouse]) expect(sum(part)).toEqual({ sumSale: s.totals.sumSale, quantity: s.totals.quantity });
    expect(s.byProducer.map((p: { producerName: string }) => p.producerName).sort()).toEqual(['KRKA', 'Nika Pharm']);
    const weekly = (await t.app.inject({ method: 'GET', url: `/api/incomes/statistics?period=week&producerId=${nika.id}`, headers: as(rep) })).json();
    expect(weekly.totals).toMatchObject({ incomeCount: 1, quantity: 10, sumBaseWithVat: 10 * 2_800_000 });
    expect(new Date(`${weekly.byPeriod[0].period}T00:00:00Z`).getUTCDay()).toBe(1);
    const bad = await t.app.inject({ method: 'GET', url: `/api/incomes/statistics?from=${inDays(0)}&to=${inDays(-1)}&period=year`, headers: as(rep) });
    expect(bad.json().fields).toMatchObject({ period: 'Choose one of the offered values' });
  });
});

describe('calculate-sale-prices (spec §7)', () => {
  it('prices one position from the query and many from the body, for anyone signed in', async () => {
    const one = await t.app.inject({
      method: 'GET',
      url: '/api/incomes/calculate-sale-prices?basePrice=1000050&markupPercent=0&vatPercent=12&quantity=3',
      headers: as(courier),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().lines[0]).toEqual({
      basePrice: 1_000_050,
      quantity: 3,
      markupPercent: 0,
      vatPercent: 12,
      basePriceWithVat: 1_120_056,
      salePrice: 1_120_100,
      sumBase: 3_000_150,
      sumBaseWithVat: 3_360_168,
      sumSale: 3_360_300,
    });
    const many = await t.app.inject({
      method: 'POST',
      url: '/api/incomes/calculate-sale-prices',
      headers: as(rep),
      payload: {
        lines: [
          { basePrice: 1_000_050, quantity: 3, markupPercent: 0, vatPercent: 12 },
          { basePrice: 250_000, quantity: 10, markupPercent: 20, vatPercent: 12 },
        ],
      },
    });
    expect(many.json().totals).toEqual({ quantity: 13, sumBase: 5_500_150, sumBaseWithVat: 6_160_168, sumSale: 6_720_300 });
  });

  it('explains bad parameters in the user language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/incomes/calculate-sale-prices?basePrice=abc&markupPercent=10.123&vatPercent=80',
      headers: as(rep, 'ru'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      basePrice: 'Недопустимое значение',
      markupPercent: 'Не более двух знаков после запятой',
      vatPercent: 'Значение не больше 50',
    });
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/incomes/calculate-sale-prices',
      headers: as(rep),
      payload: { lines: [{ basePrice: -1, markupPercent: 0, vatPercent: 0 }] },
    });
    expect(body.json().fields['lines.0.basePrice']).toBe('Must be at least 0');
    expect((await t.app.inject({ method: 'GET', url: '/api/incomes/calculate-sale-prices?basePrice=1&markupPercent=0&vatPercent=0' })).statusCode).toBe(401);
  });
});

describe('Excel import of an income', () => {
  async function workbook(rows: (string | number | Date | null)[][]) {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Приход');
    sheet.addRow(incomeImportColumns.map((c) => c));
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
  }
  const header = { date: inDays(-1), supplier: 'Meros Pharm', vatPercent: 12, markupPercent: 20 };
  const incomeCount = async () => (await t.db.select({ n: count() }).from(incomes))[0]!.n;

  it('offers a template with the columns in the user language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/incomes/import-template', headers: as(employee, 'ru') });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Штрихкод',
      'Наименование',
      'Серия',
      'Серийный номер',
      'Срок годности',
      'Количество',
      'Базовая цена',
      'НДС %',
      'Наценка %',
    ]);
  });

  it('creates the income from a good file: barcode or exact name, prices in sum, dates as cells or text', async () => {
    const file = await workbook([
      ['3838989508126', null, 'E-900', null, new Date(`${inDays(500)}T00:00:00Z`), 24, 12345.67, null, null],
      [null, 'лориста 50 мг №30', 'L-901', 'SN-9', addDays(inDays(0), 365).split('-').reverse().join('.'), '6', '1 000,50', 12, 0],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/incomes/import',
      headers: as(employee),
      payload: { ...header, warehouseId: samarkand.id, file },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines).toMatchObject([
      { productId: enap.id, series: 'E-900', expiryDate: inDays(500), quantity: 24, basePrice: 1_234_567, markupPercent: 20 },
      { productId: lorista.id, serialNumber: 'SN-9', quantity: 6, basePrice: 100_050, markupPercent: 0, expiryDate: inDays(365) },
    ]);
  });

  it('reports every bad row in the user language and saves nothing', async () => {
    const before = await incomeCount();
    const file = await workbook([
      ['3838989508126', null, 'OK-1', null, inDays(300), 5, 100, null, null],
      ['4600702009279', null, 'X', null, inDays(300), 5, 100, null, null],
      [null, 'Нет такого товара', 'X', null, '31/02/2027', 'пять', '12.345', 12.5, null],
      [null, 'Снятый с производства', 'Y', null, inDays(300), 1, 100, null, null],
      ['3838989508126', null, 'ok-1', null, inDays(300), 2, 100, null, null],
      [null, null, '', null, inDays(-5), 1, 100, null, 12.345],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/incomes/import',
      headers: as(employee, 'uz-Latn'),
      payload: { ...header, warehouseId: samarkand.id, file },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_ROWS_INVALID');
    expect(res.json().message).toBe('Faylning baʼzi qatorlarida xatolar bor; hech narsa saqlanmadi. Ularni tuzatib, faylni qayta yuklang.');
    expect(res.json().fields).toEqual({
      'rows.3.barcode': 'Katalogda bunday shtrix-kod yoki nomli mahsulot yoʻq',
      'rows.4.productName': 'Katalogda bunday shtrix-kod yoki nomli mahsulot yoʻq',
      'rows.4.expiryDate': 'Sanani yyyy-MM-dd koʻrinishida kiriting',
      'rows.4.quantity': 'Notoʻgʻri qiymat',
      'rows.4.basePrice': 'Summani soʻmda, verguldan keyin koʻpi bilan ikki xona bilan kiriting',
      'rows.5.productName': 'Katalogda bunday shtrix-kod yoki nomli mahsulot yoʻq',
      'rows.6.barcode': 'Mahsulotni ikki marta qoʻshib boʻlmaydi',
      'rows.7.productName': 'Majburiy maydon',
      'rows.7.series': 'Majburiy maydon',
      'rows.7.expiryDate': 'Seriyaning yaroqlilik muddati oʻtib ketgan',
      'rows.7.markupPercent': 'Verguldan keyin koʻpi bilan ikki xona',
    });
    expect(await incomeCount()).toBe(before);
  });

  it('refuses a file that is not a workbook, an empty sheet, and users without the right', async () => {
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/incomes/import',
      headers: as(employee, 'ru'),
      payload: { ...header, warehouseId: samarkand.id, file: Buffer.from('not a workbook').toString('base64') },
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ code: 'FILE_UNREADABLE', message: 'Не удалось прочитать файл. Загрузите книгу .xlsx, составленную по шаблону.' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/incomes/import',
      headers: as(employee),
      payload: { ...header, warehouseId: samarkand.id, file: await workbook([]) },
    });
    expect(empty.json()).toMatchObject({ code: 'IMPORT_ROWS_INVALID', fields: { file: 'Required field' } });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/incomes/import', headers: as(rep), payload: { ...header, warehouseId: samarkand.id, file: 'x' } }))
        .statusCode,
    ).toBe(403);
  });
});
