import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { vatIncluded, type Order, type OrderSpecification } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { inDays, makeBatch, makeProducer, makeProduct, makeWarehouse } from '../../test/stock-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, rep: U, rep2: U, courier: U;
let order: Order;
let otherOrder: Order;

const get = (url: string, user: { id: number }, lng = 'en') => t.app.inject({ method: 'GET', url, headers: headers(t.app, user, lng) });

/** Every cell of the first sheet as plain values (formula cells give their cached result). */
async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: unknown[] = [];
    for (let i = 1; i <= 12; i++) {
      const v = row.getCell(i).value;
      cells.push(v && typeof v === 'object' && 'result' in v ? v.result : v);
    }
    rows[n - 1] = cells;
  });
  return { sheet, rows: Array.from(rows, (r) => r ?? []) };
}
const tiyin = (sum: unknown) => Math.round(Number(sum) * 100);

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  admin = await makeUser(t.db, 'admin');
  operator = await makeUser(t.db, 'operator');
  const chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  rep2 = await makeUser(t.db, 'rep', { managerId: chief.id });
  courier = await makeUser(t.db, 'courier');
  for (const u of [rep, rep2]) await assignTerritory(t.db, u.id, chilonzor);
  const pharmacy = await createOrganization(
    t.app,
    admin,
    organizationBody(chilonzor, {
      name: 'Аптека Шифо',
      legalName: 'ООО «Шифо Фарм»',
      bankName: 'Hamkorbank',
      bankAccount: '20208000100200300400',
      bankMfo: '00083',
    }),
  );
  const producerId = (await makeProducer(t.db, 'Reckitt', 'GB')).id;
  const warehouseId = (await makeWarehouse(t.db)).id;
  const nurofen = (await makeProduct(t.db, { producerId, name: 'Нурофен 200 мг' })).id;
  const aspirin = (await makeProduct(t.db, { producerId, name: 'Аспирин 500 мг' })).id;
  // two batches of one product at prices with tiyin: two positions, each line rounded on its own
  await makeBatch(t.db, { productId: nurofen, warehouseId, expiryDate: inDays(200), onHand: 3, basePrice: 1_234_567 });
  await makeBatch(t.db, { productId: nurofen, warehouseId, expiryDate: inDays(400), onHand: 30, basePrice: 987_655 });
  await makeBatch(t.db, { productId: aspirin, warehouseId, expiryDate: inDays(300), onHand: 50, basePrice: 333_333 });
  const create = async (user: U, positions: { productId: number; quantity: number }[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: headers(t.app, user),
      payload: {
        organizationId: pharmacy.id,
        deliveryAddress: "Bunyodkor ko'chasi, 12",
        contractNumber: 'D-2026/17',
        prepaymentPercent: 30,
        markupPercent: 12.5,
        positions,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Order;
  };
  order = await create(rep, [
    { productId: nurofen, quantity: 5 },
    { productId: aspirin, quantity: 7 },
  ]);
  otherOrder = await create(rep2, [{ productId: aspirin, quantity: 1 }]);
});
afterAll(() => t.close());

describe('GET /api/orders/:id/specification', () => {
  it('answers the order with the distributor, the client and the totals', async () => {
    const res = await get(`/api/orders/${order.id}/specification`, operator);
    expect(res.statusCode).toBe(200);
    const spec = res.json() as OrderSpecification;
    expect(order.positions).toHaveLength(3);
    expect(spec.order.positions.map((p) => p.sumSale)).toEqual(order.positions.map((p) => p.sumSale));
    expect(spec.distributor.inn).toBe(t.app.config.DISTRIBUTOR_INN);
    expect(spec.client).toMatchObject({
      name: 'Аптека Шифо',
      legalName: 'ООО «Шифо Фарм»',
      bankAccount: '20208000100200300400',
      bankMfo: '00083',
      contractNumber: 'D-2026/17',
    });
    expect(spec.totals).toEqual(recomputed());
    // each VAT is the one inside its own total: the base's is smaller than the sale's (issue 13, item 8)
    expect(spec.totals.vatInBase).toBeGreaterThan(0);
    expect(spec.totals.vatInBase).toBeLessThan(spec.totals.vatInSale);
  });
});

/** Every total printed on a specification, recomputed here from the order's positions alone. */
function recomputed() {
  const sum = (f: (p: Order['positions'][number]) => number) => order.positions.reduce((s, p) => s + f(p), 0);
  const sumSale = sum((p) => p.salePrice * p.quantity);
  return {
    quantity: sum((p) => p.quantity),
    sumBaseWithVat: sum((p) => p.basePriceWithVat * p.quantity),
    vatInBase: sum((p) => vatIncluded(p.basePriceWithVat * p.quantity, p.vatPercent)),
    sumSale,
    vatInSale: sum((p) => vatIncluded(p.salePrice * p.quantity, p.vatPercent)),
    prepaymentPercent: 30,
    prepaymentAmount: Math.round((sumSale * 0.3) / 100) * 100,
  };
}
/** A money figure as the PDF prints it in English: grouped by commas, two decimals. */
const printedEn = (tiyin: number) => (tiyin / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('GET /api/orders/:id/specification.xlsx', () => {
  it('is a workbook whose positions and totals equal the order, to the tiyin', async () => {
    const res = await get(`/api/orders/${order.id}/specification.xlsx?lang=ru`, rep);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`specification-${order.number}.xlsx`);
    const { rows } = await sheetOf(res.rawPayload);
    expect(String(rows[0]![0])).toBe(`Спецификация к заказу № ${order.number} от ${order.date}`);
    const text = rows.flat().filter((v) => typeof v === 'string');
    expect(text).toContain('Аптека Шифо');
    expect(text).toContain(t.app.config.DISTRIBUTOR_NAME);
    expect(text).toContain('D-2026/17');

    const headerAt = rows.findIndex((r) => r[0] === '№' && r[1] === 'Наименование препарата');
    expect(headerAt).toBeGreaterThan(0);
    expect(rows[headerAt]).toEqual([
      '№',
      'Наименование препарата',
      'Производитель',
      'Страна',
      'Серия',
      'Срок годности',
      'Кол-во',
      'Базовая цена с НДС',
      'Наценка, %',
      'НДС, %',
      'Цена продажи',
      'Сумма',
    ]);
    const lines = rows.slice(headerAt + 1, headerAt + 1 + order.positions.length);
    lines.forEach((line, i) => {
      const p = order.positions[i]!;
      expect(line[0]).toBe(i + 1);
      expect(line[1]).toBe(p.productName);
      expect(line[2]).toBe('Reckitt');
      expect(line[4]).toBe(p.series);
      expect(line[5]).toEqual(new Date(`${p.expiryDate}T00:00:00Z`));
      expect(line[6]).toBe(p.quantity);
      expect(tiyin(line[7])).toBe(p.basePriceWithVat);
      expect(line[8]).toBe(12.5);
      expect(line[9]).toBe(p.vatPercent);
      expect(tiyin(line[10])).toBe(p.salePrice);
      expect(tiyin(line[11])).toBe(p.sumSale);
      expect(typeof line[11]).toBe('number');
    });
    // the totals in print order, each VAT right under its own total, every figure recomputed from the positions
    const expected = recomputed();
    const totals = rows.slice(headerAt + 1 + order.positions.length).filter((r) => r.some((v) => typeof v === 'string' && v !== ''));
    expect(totals.slice(0, 5).map((r) => [r.find((v) => typeof v === 'string'), tiyin(r[11])])).toEqual([
      ['Итого по базовой цене с НДС', expected.sumBaseWithVat],
      ['в том числе НДС', expected.vatInBase],
      ['Итого по цене продажи', expected.sumSale],
      ['в том числе НДС', expected.vatInSale],
      ['Предоплата 30 %', expected.prepaymentAmount],
    ]);
    expect(totals[0]![6]).toBe(expected.quantity);
  });

  it('keeps the sale total a formula over the positions, so Excel sums it', async () => {
    const res = await get(`/api/orders/${order.id}/specification.xlsx`, operator);
    const { sheet, rows } = await sheetOf(res.rawPayload);
    const at = rows.findIndex((r) => r.includes('Total at sale price'));
    const cell = sheet.getRow(at + 1).getCell(12).value as { formula: string; result: number };
    expect(cell.formula).toMatch(/^SUM\(L\d+:L\d+\)$/);
    expect(tiyin(cell.result)).toBe(order.sumSale);
  });

  it("speaks the request's language without ?lang=, and each of the four with it", async () => {
    const first = async (url: string, lng?: string) => (await sheetOf((await get(url, operator, lng)).rawPayload)).rows[0]![0];
    expect(await first(`/api/orders/${order.id}/specification.xlsx`, 'en')).toBe(`Specification to order No. ${order.number} of ${order.date}`);
    expect(await first(`/api/orders/${order.id}/specification.xlsx?lang=uz-Latn`, 'en')).toBe(
      `${order.date} dagi ${order.number}-sonli buyurtmaga spetsifikatsiya`,
    );
    expect(await first(`/api/orders/${order.id}/specification.xlsx?lang=uz-Cyrl`, 'en')).toBe(
      `${order.date} даги ${order.number}-сонли буюртмага спецификация`,
    );
  });

  it('refuses a bad language with a field error', async () => {
    const res = await get(`/api/orders/${order.id}/specification.xlsx?lang=de`, operator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().fields).toHaveProperty('lang');
    expect((await get(`/api/orders/${order.id}/specification.pdf?lang=xx`, operator)).statusCode).toBe(400);
  });
});

describe('GET /api/orders/:id/specification.pdf', () => {
  it('is a PDF naming the order', async () => {
    const res = await get(`/api/orders/${order.id}/specification.pdf?lang=uz-Cyrl`, rep);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`specification-${order.number}.pdf`);
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.toString('latin1')).toContain(`\n(${order.number})\nendobj`); // the Subject in the Info dictionary
    expect(body.toString('latin1')).toContain('DejaVuSans');
    expect(body.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('prints every figure recomputed from the positions, each VAT under its own total', async () => {
    const res = await get(`/api/orders/${order.id}/specification.pdf?lang=en`, operator);
    const lines = pdfText(res.rawPayload);
    const expected = recomputed();
    // the positions' sums, line by line
    for (const p of order.positions) expect(lines).toContain(printedEn(p.salePrice * p.quantity));
    const at = lines.indexOf('Total at base price with VAT');
    expect(at).toBeGreaterThan(0);
    const totals = lines.slice(at).filter((l) => l !== String(expected.quantity));
    expect(totals.slice(0, 10)).toEqual([
      'Total at base price with VAT',
      printedEn(expected.sumBaseWithVat),
      'including VAT',
      printedEn(expected.vatInBase),
      'Total at sale price',
      printedEn(expected.sumSale),
      'including VAT',
      printedEn(expected.vatInSale),
      'Prepayment 30 %',
      printedEn(expected.prepaymentAmount),
    ]);
  });
});

describe('scope and access', () => {
  it("answers 404 for another rep's order and an unknown one", async () => {
    for (const suffix of ['', '.xlsx', '.pdf']) {
      expect((await get(`/api/orders/${otherOrder.id}/specification${suffix}`, rep)).statusCode).toBe(404);
      expect((await get(`/api/orders/999999/specification${suffix}`, operator)).statusCode).toBe(404);
    }
    expect((await get(`/api/orders/${otherOrder.id}/specification.xlsx`, rep2)).statusCode).toBe(200);
  });
  it('needs orders.view and a session', async () => {
    expect((await get(`/api/orders/${order.id}/specification.xlsx`, courier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/specification.pdf` })).statusCode).toBe(401);
  });
});
