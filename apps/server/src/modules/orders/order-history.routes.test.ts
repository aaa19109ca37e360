import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { OrderHistoryEntry } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { orderPeople, orderStock } from '../../test/order-fixtures.js';
import { orderStatusHistory } from './orders.table.js';

/** /order-history: every status change of the orders in scope, newest first, filtered; the same as .xlsx. */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let operator: U, chief: U, rep: U, rep2: U, rep3: U, employee: U;
let shifo: { id: number }, dori: { id: number };
let mine: { id: number; number: string }, teammates: { id: number; number: string }, others: { id: number; number: string };
const exportMax = 6;

const get = (url: string, user: { id: number }, lng = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { ...headers(t.app, user), 'accept-language': lng } });
const post = (url: string, user: { id: number }, payload: object) => t.app.inject({ method: 'POST', url, headers: headers(t.app, user), payload });
const feed = async (user: { id: number }, query = '') => {
  const res = await get(`/api/orders/history${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: OrderHistoryEntry[]; total: number; page: number; size: number };
};
const changes = (items: OrderHistoryEntry[]) => items.map((e) => `${e.orderNumber} ${e.fromStatus ?? '·'}→${e.toStatus}`);

beforeAll(async () => {
  t = await createTestApp({ EXPORT_MAX_ROWS: String(exportMax) });
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const people = await orderPeople(t.db);
  ({ operator, chief, rep, rep2, rep3, employee } = people);
  for (const u of [rep, rep2, rep3]) await assignTerritory(t.db, u.id, chilonzor);
  shifo = await createOrganization(t.app, people.admin, organizationBody(chilonzor, { name: 'Аптека Шифо' }));
  dori = await createOrganization(t.app, people.admin, organizationBody(chilonzor, { name: 'Дори-Дармон' }));
  const { citramon } = await orderStock(t.db, { nurofenSoon: 10, nurofenLater: 10, aspirin: 10, citramon: 1000 });
  const create = async (user: U, organizationId: number) => {
    const res = await post('/api/orders', user, { organizationId, deliveryAddress: 'Chilonzor 1', positions: [{ productId: citramon, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; number: string };
  };
  const move = async (id: number, to: string, reason?: string) =>
    expect((await post(`/api/orders/${id}/move`, operator, reason ? { to, reason } : { to })).statusCode).toBe(200);
  // three orders: the rep's own, a teammate's (same chief), another team's; created in this order
  mine = await create(rep, shifo.id);
  teammates = await create(rep2, dori.id);
  others = await create(rep3, shifo.id);
  await move(mine.id, 'in_processing');
  await move(teammates.id, 'in_processing');
  await move(teammates.id, 'cancelled', 'Клиент передумал');
  // instants far apart, so "newest first" is not left to one transaction's clock: creation on 1 Nov,
  // then a day per move; the rep's processing at 23:30 UTC on 9 Nov = 04:30 on 10 Nov in Tashkent
  const rows = await t.db.select().from(orderStatusHistory).orderBy(orderStatusHistory.id);
  const at = ['2026-11-01T05:00:00Z', '2026-11-01T06:00:00Z', '2026-11-01T07:00:00Z', '2026-11-09T23:30:00Z', '2026-11-11T09:00:00Z', '2026-11-12T09:00:00Z'];
  expect(rows).toHaveLength(at.length);
  for (const [i, row] of rows.entries())
    await t.db
      .update(orderStatusHistory)
      .set({ at: new Date(at[i]!) })
      .where(eq(orderStatusHistory.id, row.id));
});
afterAll(() => t.close());

describe('GET /api/orders/history', () => {
  it('lists every change in scope newest first: who, when, the order and its client, from → to, the reason', async () => {
    const page = await feed(operator);
    expect(page.total).toBe(6);
    expect(changes(page.items)).toEqual([
      `${teammates.number} in_processing→cancelled`,
      `${teammates.number} new→in_processing`,
      `${mine.number} new→in_processing`,
      `${others.number} ·→new`,
      `${teammates.number} ·→new`,
      `${mine.number} ·→new`,
    ]);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      at: '2026-11-12T09:00:00Z',
      orderId: teammates.id,
      orderNumber: teammates.number,
      organizationId: dori.id,
      organizationName: 'Дори-Дармон',
      fromStatus: 'in_processing',
      toStatus: 'cancelled',
      byId: operator.id,
      byName: expect.any(String),
      reason: 'Клиент передумал',
    });
    expect(page.items.at(-1)).toMatchObject({ byId: rep.id, reason: null, fromStatus: null });
  });

  it("is scoped as the orders list, by the order's agent: a rep sees only their own orders' changes (whoever made them), a chief the team's", async () => {
    expect(changes((await feed(rep)).items)).toEqual([`${mine.number} new→in_processing`, `${mine.number} ·→new`]);
    expect((await feed(rep)).items[0]!.byId).toBe(operator.id);
    expect(changes((await feed(chief)).items).sort()).toEqual(
      [
        `${teammates.number} in_processing→cancelled`,
        `${teammates.number} new→in_processing`,
        `${mine.number} new→in_processing`,
        `${teammates.number} ·→new`,
        `${mine.number} ·→new`,
      ].sort(),
    );
    // a filter never widens the scope
    expect((await feed(rep, `?organizationId=${dori.id}`)).total).toBe(0);
    expect((await feed(rep, `?number=${Number(others.number)}`)).total).toBe(0);
  });

  it('filters by the status moved to, who moved it, the client and the number (with or without leading zeros)', async () => {
    expect(changes((await feed(operator, '?toStatus=cancelled')).items)).toEqual([`${teammates.number} in_processing→cancelled`]);
    expect((await feed(operator, `?byId=${operator.id}`)).total).toBe(3);
    expect((await feed(operator, `?byId=${rep3.id}`)).total).toBe(1);
    expect((await feed(operator, `?organizationId=${shifo.id}`)).total).toBe(3);
    expect((await feed(operator, `?organizationId=${shifo.id}&toStatus=new`)).total).toBe(2);
    expect((await feed(operator, `?number=${teammates.number}`)).total).toBe(3);
    expect((await feed(operator, `?number=${Number(teammates.number)}`)).total).toBe(3);
    expect((await get('/api/orders/history?number=12a', operator)).statusCode).toBe(400);
  });

  it('takes the period as Tashkent business days: 23:30 UTC on the 9th is the 10th', async () => {
    expect(changes((await feed(operator, '?from=2026-11-10&to=2026-11-10')).items)).toEqual([`${mine.number} new→in_processing`]);
    expect((await feed(operator, '?from=2026-11-09&to=2026-11-09')).total).toBe(0);
    expect((await feed(operator, '?from=2026-11-11')).total).toBe(2);
    expect((await feed(operator, '?to=2026-11-01')).total).toBe(3);
    expect((await get('/api/orders/history?from=2026-11-11&to=2026-11-10', operator)).statusCode).toBe(400);
  });

  it('pages newest first without overlap', async () => {
    const all = (await feed(operator)).items.map((e) => e.id);
    expect(all).toHaveLength(6);
    const size25 = await feed(operator, '?page=1&size=25');
    expect(size25.items.map((e) => e.id)).toEqual(all);
    expect((await feed(operator, '?page=2&size=25')).items).toEqual([]);
  });

  it('needs orders.view, as the orders list: the courier has none, the warehouse has it', async () => {
    const courier = await makeUser(t.db, 'courier');
    expect((await get('/api/orders/history', courier)).statusCode).toBe(403);
    expect((await get('/api/orders/history.xlsx', courier)).statusCode).toBe(403);
    expect((await get('/api/orders/history', employee)).statusCode).toBe(200);
  });
});

describe('GET /api/orders/history.xlsx', () => {
  async function sheetOf(res: { rawPayload: Buffer }) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }
  const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

  it('writes the filters above the table, then one row per change of the same filters, in the language asked', async () => {
    const res = await get(`/api/orders/history.xlsx?organizationId=${shifo.id}&from=2026-11-01&to=2026-11-30`, operator, 'ru');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/order-history-.*\.xlsx/);
    const sheet = await sheetOf(res);
    expect(values(sheet.getRow(1))).toEqual(['Период', '2026-11-01 — 2026-11-30']);
    expect(values(sheet.getRow(2))).toEqual(['Статус', 'все']);
    expect(values(sheet.getRow(4))).toEqual(['Клиент', 'Аптека Шифо']);
    const titleRow = 8; // six filter lines, a blank line, the titles
    expect(values(sheet.getRow(titleRow))).toEqual(['Когда (Ташкент)', '№ заказа', 'Клиент', 'Из статуса', 'В статус', 'Кто изменил', 'Причина']);
    expect(sheet.rowCount - titleRow).toBe(3);
    expect(values(sheet.getRow(titleRow + 1)).slice(0, 5)).toEqual(['2026-11-10 04:30', mine.number, 'Аптека Шифо', 'Новый', 'В обработке']);
  });

  it(`counts the rows of the filters against EXPORT_MAX_ROWS (${exportMax}): the whole scope fits, nothing above the cap`, async () => {
    const res = await get('/api/orders/history.xlsx', operator);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res);
    expect(sheet.rowCount - 8).toBe(6);
    // the rep's export holds the rep's changes only
    const own = await sheetOf(await get('/api/orders/history.xlsx', rep));
    expect(own.rowCount - 8).toBe(2);
    const extra = await post(`/api/orders/${mine.id}/move`, operator, { to: 'under_agreement' });
    expect(extra.statusCode).toBe(200);
    const refused = await get('/api/orders/history.xlsx', operator, 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'EXPORT_TOO_LARGE' });
  });
});
