import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricePosition, prepaymentAmount } from '@pharma/contracts';
import { createTestApp, type makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { orderPeople, orderStock } from '../../test/order-fixtures.js';
import { freeOf } from '../../test/stock-fixtures.js';

/** PUT /api/orders/:id: the operator's and the agent's edits re-reserve by FEFO and reprice to the tiyin. */
let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, chief: U, rep: U, rep2: U;
let pharmacy: { id: number };
let nurofen: number, aspirin: number, citramon: number;
let soonBatch: number, laterBatch: number;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown) =>
  t.app.inject({ method, url, headers: headers(t.app, user), ...(payload === undefined ? {} : { payload: payload as object }) });
type Line = { productId: number; quantity: number; markupPercent?: number };
const create = async (positions: Line[], user = rep) => {
  const res = await inject('POST', '/api/orders', user, { organizationId: pharmacy.id, deliveryAddress: 'Chilonzor 9, 14', positions });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; vatPercent: number };
};
const edit = (id: number, user: U, positions: Line[], terms: Record<string, unknown> = {}) =>
  inject('PUT', `/api/orders/${id}`, user, {
    clientType: 'retail',
    paymentVariant: 'bankTransfer',
    prepaymentPercent: 0,
    markupPercent: null,
    deliveryAddress: 'Chilonzor 9, 14',
    positions,
    ...terms,
  });
const move = (id: number, user: U, to: string) => inject('POST', `/api/orders/${id}/move`, user, { to });

interface Position {
  productId: number;
  batchId: number;
  quantity: number;
  basePrice: number;
  markupPercent: number;
  vatPercent: number;
  salePrice: number;
  sumBaseWithVat: number;
  sumSale: number;
}

beforeAll(async () => {
  t = await createTestApp();
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  ({ admin, operator, chief, rep, rep2 } = await orderPeople(t.db));
  for (const u of [rep, rep2]) await assignTerritory(t.db, u.id, chilonzor);
  pharmacy = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Нур' }));
  ({ nurofen, aspirin, citramon, soonBatch, laterBatch } = await orderStock(t.db, { nurofenSoon: 20, nurofenLater: 30, aspirin: 10, citramon: 1000 }));
});
afterAll(() => t.close());

describe('editing an order', () => {
  it('the operator raises a quantity across batches, drops a line, sets a line markup: stock and totals follow to the tiyin', async () => {
    const order = await create([
      { productId: nurofen, quantity: 5 },
      { productId: aspirin, quantity: 4 },
    ]);
    expect(await freeOf(t.db, nurofen)).toBe(45);
    const res = await edit(
      order.id,
      operator,
      [
        { productId: nurofen, quantity: 25, markupPercent: 15.5 },
        { productId: citramon, quantity: 3 },
      ],
      { prepaymentPercent: 40, paymentVariant: 'cash', operatorComment: 'Согласовано по телефону' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited).toMatchObject({
      prepaymentPercent: 40,
      paymentVariant: 'cash',
      operatorComment: 'Согласовано по телефону',
      operatorId: operator.id,
      status: 'new',
    });
    const lines = edited.positions as Position[];
    expect(lines.filter((p) => p.productId === nurofen).map((p) => [p.batchId, p.quantity, p.markupPercent])).toEqual([
      [soonBatch, 20, 15.5],
      [laterBatch, 5, 15.5],
    ]);
    expect(lines.some((p) => p.productId === aspirin)).toBe(false);
    for (const p of lines) {
      const priced = pricePosition({ basePrice: p.basePrice, quantity: p.quantity, markupPercent: p.markupPercent, vatPercent: p.vatPercent });
      expect(p).toMatchObject({ salePrice: priced.salePrice, sumSale: priced.sumSale, sumBaseWithVat: priced.sumBaseWithVat });
    }
    const sumSale = lines.reduce((s, p) => s + p.sumSale, 0);
    expect(edited.sumSale).toBe(sumSale);
    expect(edited.sumBaseWithVat).toBe(lines.reduce((s, p) => s + p.sumBaseWithVat, 0));
    expect(edited.prepaymentAmount).toBe(prepaymentAmount(sumSale, 40));
    // the dropped line's stock is free again; the raised one holds exactly what it took
    expect(await freeOf(t.db, aspirin)).toBe(10);
    expect(await freeOf(t.db, nurofen)).toBe(25);
    expect(await freeOf(t.db, citramon)).toBe(997);
    // a lowered quantity frees stock at once
    const lowered = await edit(order.id, operator, [
      { productId: nurofen, quantity: 2 },
      { productId: citramon, quantity: 3 },
    ]);
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await freeOf(t.db, nurofen)).toBe(48);
    expect((await move(order.id, rep, 'cancelled')).statusCode).toBe(200);
    expect(await freeOf(t.db, nurofen)).toBe(50);
  });

  it('more than the free stock is refused on the line and changes nothing', async () => {
    const order = await create([{ productId: aspirin, quantity: 2 }]);
    const res = await edit(order.id, operator, [{ productId: aspirin, quantity: 11 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', fields: { 'positions.0.quantity': expect.any(String) } });
    const after = (await inject('GET', `/api/orders/${order.id}`, rep)).json();
    expect(after.positions.map((p: Position) => p.quantity)).toEqual([2]);
    expect(await freeOf(t.db, aspirin)).toBe(8);
    expect((await move(order.id, rep, 'cancelled')).statusCode).toBe(200);
  });

  it('validates the body: a product twice, no lines, a bad percent, no address', async () => {
    const order = await create([{ productId: citramon, quantity: 1 }]);
    const twice = await edit(order.id, operator, [
      { productId: citramon, quantity: 1 },
      { productId: citramon, quantity: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ positions: 'A product cannot be added twice' });
    const empty = await edit(order.id, operator, []);
    expect(empty.statusCode).toBe(400);
    const percent = await edit(order.id, operator, [{ productId: citramon, quantity: 1 }], { prepaymentPercent: 101 });
    expect(percent.json().fields).toEqual({ prepaymentPercent: 'Must be at most 100' });
    const address = await edit(order.id, operator, [{ productId: citramon, quantity: 1 }], { deliveryAddress: '  ' });
    expect(address.json().fields).toEqual({ deliveryAddress: 'Required field' });
  });

  it('the agent edits only their own new order, not below the settings prepayment; the desk until shipment is allowed', async () => {
    const free = await freeOf(t.db, citramon);
    const order = await create([{ productId: citramon, quantity: 2 }]);
    expect((await edit(order.id, rep, [{ productId: citramon, quantity: 3 }])).statusCode).toBe(200);
    // another rep of the team does not see it; the chief sees it but has no part that edits
    expect((await edit(order.id, rep2, [{ productId: citramon, quantity: 3 }])).statusCode).toBe(404);
    expect((await edit(order.id, chief, [{ productId: citramon, quantity: 3 }])).statusCode).toBe(403);
    expect(
      (
        await inject('PUT', '/api/pricing/settings', admin, {
          vatPercent: 12,
          markups: { wholesale: 10, retail: 20 },
          prepaymentPercent: 30,
          shortDatedDays: 90,
          categoryMarkups: [],
        })
      ).statusCode,
    ).toBe(200);
    const low = await edit(order.id, rep, [{ productId: citramon, quantity: 3 }], { prepaymentPercent: 10 });
    expect(low.statusCode).toBe(400);
    expect(low.json().fields).toEqual({ prepaymentPercent: 'Cannot be below the prepayment set in the settings' });
    // the operator may go below the settings
    expect((await edit(order.id, operator, [{ productId: citramon, quantity: 3 }], { prepaymentPercent: 10 })).statusCode).toBe(200);
    expect((await move(order.id, rep, 'sent_for_review')).statusCode).toBe(200);
    const notNew = await edit(order.id, rep, [{ productId: citramon, quantity: 4 }], { prepaymentPercent: 30 });
    expect(notNew.statusCode).toBe(409);
    expect(notNew.json().code).toBe('ORDER_NOT_EDITABLE');
    expect((await edit(order.id, operator, [{ productId: citramon, quantity: 4 }])).statusCode).toBe(200);
    expect((await move(order.id, operator, 'approved_for_shipment')).statusCode).toBe(200);
    const approved = await edit(order.id, operator, [{ productId: citramon, quantity: 5 }]);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().code).toBe('ORDER_NOT_EDITABLE');
    expect(await freeOf(t.db, citramon)).toBe(free - 4);
  });

  it('a quote prices lines exactly as creating and saving do, and keeps nothing', async () => {
    const free = await freeOf(t.db, nurofen);
    const lines = [
      { productId: nurofen, quantity: free - 1 },
      { productId: citramon, quantity: 7 },
    ];
    const quote = await inject('POST', '/api/orders/quote', rep, { organizationId: pharmacy.id, positions: lines, prepaymentPercent: 30 });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(await freeOf(t.db, nurofen)).toBe(free);
    const order = (
      await inject('POST', '/api/orders', rep, { organizationId: pharmacy.id, deliveryAddress: 'Chilonzor 9, 14', positions: lines, prepaymentPercent: 30 })
    ).json();
    const q = quote.json();
    expect(q.sumSale).toBe(order.sumSale);
    expect(q.sumBaseWithVat).toBe(order.sumBaseWithVat);
    expect(q.prepaymentAmount).toBe(order.prepaymentAmount);
    expect(q.positions.map((p: Position) => [p.batchId, p.quantity, p.salePrice])).toEqual(
      [...order.positions].sort((a: Position, b: Position) => a.productId - b.productId || 0).map((p: Position) => [p.batchId, p.quantity, p.salePrice]),
    );
    // editing: the order's own stock counts as free, so all of it can be quoted, and saving gives the same figures
    const raised = [{ productId: nurofen, quantity: free, markupPercent: 5 }];
    const editQuote = await inject('POST', '/api/orders/quote', operator, { organizationId: pharmacy.id, orderId: order.id, positions: raised });
    expect(editQuote.statusCode, editQuote.body).toBe(200);
    expect(await freeOf(t.db, nurofen)).toBe(1);
    const saved = (await edit(order.id, operator, raised, { prepaymentPercent: 30 })).json();
    expect(editQuote.json().sumSale).toBe(saved.sumSale);
    // more than there is: the line is named
    const tooMuch = await inject('POST', '/api/orders/quote', rep, { organizationId: pharmacy.id, positions: [{ productId: nurofen, quantity: 10 }] });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().fields).toMatchObject({ 'positions.0.quantity': expect.any(String) });
    expect((await move(order.id, operator, 'cancelled')).statusCode).toBe(200);
  });
});
