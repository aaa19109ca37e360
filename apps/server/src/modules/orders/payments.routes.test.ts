import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { formatMoney } from '@pharma/contracts';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place, type Place } from '../../test/counterparties.js';
import { inDays, makeBatch, makeProducer, makeProduct, makeWarehouse } from '../../test/stock-fixtures.js';
import { shipThroughDelivery } from '../../test/order-fixtures.js';
import { auditLog } from '../../platform/audit/audit.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orders, orderStatusHistory } from './orders.table.js';
import { payments } from './payments.table.js';
import { visits } from '../visits/visits.table.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, operator: U, chief: U, rep: U, rep3: U, employee: U;
let chilonzor: Place, samarkand: Place;
let productId: number, warehouseId: number;

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, user: { id: number }, payload?: unknown) =>
  t.app.inject({ method, url, headers: headers(t.app, user), ...(payload === undefined ? {} : { payload: payload as object }) });
const move = (id: number, user: { id: number }, to: string, extra: Record<string, unknown> = {}) =>
  inject('POST', `/api/orders/${id}/move`, user, { to, ...extra });
/** The operator takes the rep's new order into processing, then asks for approval. */
const approve = async (id: number, extra: Record<string, unknown> = {}) => {
  const [order] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  if (order?.status === 'new') expect((await move(id, operator, 'in_processing')).statusCode).toBe(200);
  return move(id, operator, 'approved_for_shipment', extra);
};
const pay = (id: number, amount: number, user: { id: number } = operator, extra: Record<string, unknown> = {}) =>
  inject('POST', `/api/orders/${id}/payments`, user, { amount, paidOn: inDays(0), method: 'cash', ...extra });
const debt = async (organizationId: number, user: { id: number } = operator) => {
  const res = await inject('GET', `/api/organizations/${organizationId}/debt`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** An organization of Chilonzor with the given credit terms. */
const client = (terms: { creditLimit?: number | null; creditDays?: number | null }) => createOrganization(t.app, admin, organizationBody(chilonzor, terms));

/** The rep's order of `quantity` units; answers its id and sum. */
async function newOrder(organizationId: number, quantity = 1, extra: Record<string, unknown> = {}) {
  const res = await inject('POST', '/api/orders', rep, {
    organizationId,
    deliveryAddress: "Bunyodkor ko'chasi, 12",
    positions: [{ productId, quantity }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sumSale: number; prepaymentAmount: number };
}

/** Through the state machine to 'delivered' (the approval overridden by the administrator when the credit says no). */
async function deliver(id: number, deliveredDaysAgo = 0) {
  for (const [user, to] of [
    [operator, 'in_processing'],
    [admin, 'approved_for_shipment'],
  ] as const) {
    const res = await move(id, user, to, to === 'approved_for_shipment' ? { overrideReason: 'test set-up' } : {});
    expect(res.statusCode, `${to}: ${res.body}`).toBe(200);
  }
  await shipThroughDelivery(t.app, { operator, employee }, [id], warehouseId);
  expect((await move(id, operator, 'delivered')).statusCode).toBe(200);
  if (deliveredDaysAgo) {
    await t.db
      .update(orderStatusHistory)
      .set({ at: new Date(Date.now() - deliveredDaysAgo * 86_400_000) })
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'delivered')));
  }
}
const paidOf = async (id: number) => (await t.db.select({ paid: orders.paid }).from(orders).where(eq(orders.id, id)))[0]!.paid;
const sumOfPayments = async (id: number) =>
  (await t.db.select({ amount: payments.amount }).from(payments).where(eq(payments.orderId, id))).reduce((s, p) => s + p.amount, 0);

beforeAll(async () => {
  t = await createTestApp();
  chilonzor = await place(t.db, 'TK', 'Chilonzor');
  samarkand = await place(t.db, 'SA', 'Urgut');
  admin = await makeUser(t.db, 'admin');
  operator = await makeUser(t.db, 'operator');
  chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  const otherChief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep3 = await makeUser(t.db, 'rep', { managerId: otherChief.id });
  employee = await makeUser(t.db, 'employee');
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, rep3.id, samarkand);
  const producerId = (await makeProducer(t.db)).id;
  warehouseId = (await makeWarehouse(t.db)).id;
  productId = (await makeProduct(t.db, { producerId, name: 'Парацетамол 500 мг' })).id;
  await makeBatch(t.db, { productId, warehouseId, expiryDate: inDays(400), onHand: 10_000, basePrice: 1_000_000 });
});
afterAll(() => t.close());

describe('payments against an order', () => {
  it('keep orders.paid equal to the sum of the payments, reduce the debt, refuse overpaying, and a settled order completes', async () => {
    const org = await client({ creditLimit: 1_000_000_000_00 });
    const order = await newOrder(org.id, 3);
    await deliver(order.id);
    expect(await debt(org.id)).toMatchObject({ total: order.sumSale, buckets: { upTo30: order.sumSale, upTo60: 0, upTo90: 0, over90: 0 }, overdue: 0 });

    const first = await pay(order.id, 1_234_567, operator, { method: 'bankTransfer', comment: 'п/п 17' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ sumSale: order.sumSale, paid: 1_234_567, owed: order.sumSale - 1_234_567 });
    expect(first.json().items[0]).toMatchObject({ amount: 1_234_567, method: 'bankTransfer', comment: 'п/п 17', recordedById: operator.id, paidOn: inDays(0) });
    expect((await debt(org.id)).total).toBe(order.sumSale - 1_234_567);
    // the order shows it too
    expect((await inject('GET', `/api/orders/${order.id}`, operator)).json()).toMatchObject({ paid: 1_234_567, debt: order.sumSale - 1_234_567 });

    // one tiyin more than owed is refused with a field error naming what is owed
    const owed = order.sumSale - 1_234_567;
    const over = await pay(order.id, owed + 1);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'PAYMENT_EXCEEDS_OWED', fields: { amount: 'More than the order still owes' } });
    expect(over.json().message).toContain(formatMoney(owed, { lng: 'en' }));
    expect(await paidOf(order.id)).toBe(1_234_567);

    // bad input is a field error, not a 500
    const bad = await pay(order.id, 0, operator, { paidOn: '2026-02-30', method: 'barter' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'method', 'paidOn']);

    // not completed while owing; paying the rest settles it
    expect((await move(order.id, operator, 'completed')).statusCode).toBe(200); // the state machine is kept as is
    const rest = await pay(order.id, 1);
    expect(rest.statusCode).toBe(409);
    expect(rest.json().code).toBe('ORDER_NOT_PAYABLE');
  });

  it('pays in full, deletes a mistaken payment (audited), and the debt follows to the tiyin', async () => {
    const org = await client({ creditLimit: 1_000_000_000_00 });
    const order = await newOrder(org.id, 2);
    await deliver(order.id);
    const a = (await pay(order.id, 500_000)).json();
    const b = await pay(order.id, order.sumSale - 500_000, operator, { method: 'card' });
    expect(b.json()).toMatchObject({ paid: order.sumSale, owed: 0 });
    expect(await sumOfPayments(order.id)).toBe(order.sumSale);
    expect(await debt(org.id)).toMatchObject({ total: 0, overdue: 0 });

    const mistaken = a.items[0].id as number;
    const removed = await inject('DELETE', `/api/orders/${order.id}/payments/${mistaken}`, operator);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ paid: order.sumSale - 500_000, owed: 500_000 });
    expect(await paidOf(order.id)).toBe(await sumOfPayments(order.id));
    expect((await debt(org.id)).total).toBe(500_000);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'deletePayment')));
    expect(entry?.actorId).toBe(operator.id);
    expect(entry?.changes).toMatchObject({ paid: { from: order.sumSale, to: order.sumSale - 500_000 } });
    // a payment of another order, or gone already: 404
    expect((await inject('DELETE', `/api/orders/${order.id}/payments/${mistaken}`, operator)).statusCode).toBe(404);

    // completed: payments can no longer be removed
    await pay(order.id, 500_000);
    expect((await move(order.id, operator, 'completed')).statusCode).toBe(200);
    const list = (await inject('GET', `/api/orders/${order.id}/payments`, operator)).json();
    expect(list.items).toHaveLength(2);
    const late = await inject('DELETE', `/api/orders/${order.id}/payments/${list.items[0].id}`, operator);
    expect(late.statusCode).toBe(409);
    expect(await paidOf(order.id)).toBe(order.sumSale);
  });

  it('two payments at the same time never overpay: one of them is refused', async () => {
    const org = await client({ creditLimit: 1_000_000_000_00 });
    const order = await newOrder(org.id, 1);
    await deliver(order.id);
    const share = Math.ceil((order.sumSale * 2) / 3);
    const answers = await Promise.all([pay(order.id, share), pay(order.id, share, admin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await paidOf(order.id)).toBe(share);
    expect(await sumOfPayments(order.id)).toBe(share);
  });

  it("is the operator's desk; the order's scope applies to reading", async () => {
    const org = await client({ creditLimit: 1_000_000_000_00 });
    const order = await newOrder(org.id);
    expect((await pay(order.id, 100, rep)).statusCode).toBe(403);
    expect((await pay(order.id, 100, chief)).statusCode).toBe(403);
    const ok = await pay(order.id, 100, operator);
    expect(ok.statusCode).toBe(201);
    const paymentId = ok.json().items[0].id;
    expect((await inject('DELETE', `/api/orders/${order.id}/payments/${paymentId}`, chief)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/orders/${order.id}/payments/${paymentId}`, rep)).statusCode).toBe(403);
    expect((await inject('GET', `/api/orders/${order.id}/payments`, rep)).statusCode).toBe(200);
    expect((await inject('GET', `/api/orders/${order.id}/payments`, chief)).statusCode).toBe(200);
    expect((await inject('GET', `/api/orders/${order.id}/payments`, rep3)).statusCode).toBe(404);
    expect((await inject('GET', '/api/orders/999999/payments', operator)).statusCode).toBe(404);
    expect((await pay(999_999, 100)).statusCode).toBe(404);
    // the debt is scoped as organizations are: a rep of another territory does not see it
    expect((await inject('GET', `/api/organizations/${org.id}/debt`, rep3)).statusCode).toBe(404);
    expect((await debt(org.id, rep)).organizationId).toBe(org.id);
    expect((await inject('GET', '/api/organizations/999999/debt', operator)).statusCode).toBe(404);
  });
});

describe('debt limit', () => {
  it('ages the debt by days since delivery and counts what is overdue by the credit days', async () => {
    const org = await client({ creditLimit: 1_000_000_000_00, creditDays: 40 });
    const fresh = await newOrder(org.id, 1);
    const month = await newOrder(org.id, 2);
    const quarter = await newOrder(org.id, 3);
    await deliver(fresh.id);
    await deliver(month.id, 45);
    await deliver(quarter.id, 100);
    const d = await debt(org.id);
    expect(d).toMatchObject({
      total: fresh.sumSale + month.sumSale + quarter.sumSale,
      buckets: { upTo30: fresh.sumSale, upTo60: month.sumSale, upTo90: 0, over90: quarter.sumSale },
      overdue: month.sumSale + quarter.sumSale,
      creditLimit: 1_000_000_000_00,
      creditDays: 40,
      creditLeft: 1_000_000_000_00 - d.total,
      exceeded: true,
    });
    expect(d.oldestDays).toBeGreaterThanOrEqual(99);
  });

  it('blocks approval above the credit limit (409 naming the limit); a prepayment or payments that cover the order pass', async () => {
    const org = await client({ creditLimit: 1_000_000_000_00 });
    const old = await newOrder(org.id, 5);
    await deliver(old.id);
    const next = await newOrder(org.id, 5);
    // the limit now lies between the debt and the debt plus the new order
    const limit = old.sumSale + Math.floor(next.sumSale / 2);
    await t.db.update(organizations).set({ creditLimit: limit }).where(eq(organizations.id, org.id));
    expect((await move(next.id, operator, 'in_processing')).statusCode).toBe(200);
    const refused = await approve(next.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect(refused.json().message).toContain(formatMoney(limit, { lng: 'en' }));
    expect(refused.json().message).toContain('send the order for agreement');
    const ru = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${next.id}/move`,
      headers: headers(t.app, operator, 'ru'),
      payload: { to: 'approved_for_shipment' },
    });
    expect(ru.json().message).toContain('кредитный лимит');
    // money in each language's convention: "1 234,56" in Russian, "1,234.56" in English
    expect(ru.json().message).toContain(formatMoney(limit, { lng: 'ru' }));
    expect(formatMoney(limit, { lng: 'ru' })).not.toBe(formatMoney(limit, { lng: 'en' }));
    expect((await inject('GET', `/api/orders/${next.id}`, operator)).json().status).toBe('in_processing');

    // paying the old debt down frees the credit
    expect((await pay(old.id, old.sumSale)).statusCode).toBe(201);
    expect((await approve(next.id)).statusCode).toBe(200);

    // an order paid in full passes whatever the debt — a 100 % prepayment only once it came in
    const tight = await client({ creditLimit: 0 });
    const prepaid = await newOrder(tight.id, 2, { prepaymentPercent: 100 });
    expect((await approve(prepaid.id)).json().code).toBe('CREDIT_PREPAYMENT_UNPAID');
    expect((await pay(prepaid.id, prepaid.sumSale)).statusCode).toBe(201);
    expect((await approve(prepaid.id)).statusCode).toBe(200);
    // the prepayment received counts: 30 % paid leaves 70 % on credit
    await t.db.update(organizations).set({ creditLimit: 1 }).where(eq(organizations.id, tight.id));
    const part = await newOrder(tight.id, 2, { prepaymentPercent: 30 });
    expect((await pay(part.id, part.prepaymentAmount)).statusCode).toBe(201);
    expect((await approve(part.id)).json().code).toBe('CREDIT_LIMIT_EXCEEDED');
    await t.db
      .update(organizations)
      .set({ creditLimit: part.sumSale - part.prepaymentAmount })
      .where(eq(organizations.id, tight.id));
    expect((await approve(part.id)).statusCode).toBe(200);
    // payments received before approval that cover the order pass too
    await t.db.update(organizations).set({ creditLimit: 0 }).where(eq(organizations.id, tight.id));
    const paidAhead = await newOrder(tight.id, 1);
    expect((await approve(paidAhead.id)).statusCode).toBe(409);
    expect((await pay(paidAhead.id, paidAhead.sumSale)).statusCode).toBe(201);
    expect((await approve(paidAhead.id)).statusCode).toBe(200);
  });

  it('without a credit limit the order must be paid in full', async () => {
    const org = await client({ creditLimit: null });
    const order = await newOrder(org.id, 1);
    const refused = await approve(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CREDIT_NONE');
    const prepaid = await newOrder(org.id, 1, { prepaymentPercent: 100 });
    expect((await approve(prepaid.id)).json().code).toBe('CREDIT_PREPAYMENT_UNPAID');
    expect((await pay(prepaid.id, prepaid.sumSale)).statusCode).toBe(201);
    expect((await approve(prepaid.id)).statusCode).toBe(200);
  });

  it("a client without credit terms is overdue from the day after delivery: its old debt is not 'Overdue 0' (decision 022)", async () => {
    const org = await client({ creditLimit: null, creditDays: null });
    const old = await newOrder(org.id, 2);
    await deliver(old.id, 144);
    expect(await debt(org.id)).toMatchObject({ total: old.sumSale, overdue: old.sumSale, buckets: { over90: old.sumSale }, creditDays: null, exceeded: true });
    const termed = await client({ creditLimit: 1_000_000_000_00, creditDays: 30 });
    const recent = await newOrder(termed.id, 1);
    await deliver(recent.id, 20);
    expect((await debt(termed.id)).overdue).toBe(0);
    await t.db
      .update(orderStatusHistory)
      .set({ at: new Date(Date.now() - 31 * 86_400_000) })
      .where(and(eq(orderStatusHistory.orderId, recent.id), eq(orderStatusHistory.toStatus, 'delivered')));
    expect((await debt(termed.id)).overdue).toBe(recent.sumSale);
  });

  it("the order's debt is its own unpaid sum, not the client's total", async () => {
    const org = await client({ creditLimit: 1_000_000_000_00, creditDays: 30 });
    const old = await newOrder(org.id, 3);
    await deliver(old.id);
    const fresh = await newOrder(org.id, 1);
    const read = async (id: number) => (await inject('GET', `/api/orders/${id}`, operator)).json() as { debt: number; sumSale: number; paid: number };
    expect((await read(fresh.id)).debt).toBe(fresh.sumSale);
    expect((await read(old.id)).debt).toBe(old.sumSale);
    expect((await pay(old.id, 100_000)).statusCode).toBe(201);
    expect((await read(old.id)).debt).toBe(old.sumSale - 100_000);
    expect((await read(fresh.id)).debt).toBe(fresh.sumSale);
    // a cancelled order owes nothing
    expect((await move(fresh.id, rep, 'cancelled')).statusCode).toBe(200);
    expect((await read(fresh.id)).debt).toBe(0);
  });

  it("approval with the order's prepayment unpaid needs the override; the screen reads why before the click", async () => {
    const org = await client({ creditLimit: 1_000_000_000_00, creditDays: 30 });
    const order = await newOrder(org.id, 2, { prepaymentPercent: 30 });
    const credit = async (user: { id: number } = operator) => inject('GET', `/api/orders/${order.id}/credit`, user);
    expect((await credit()).json()).toEqual({
      ok: false,
      reasons: ['prepaymentUnpaid'],
      unpaid: order.sumSale,
      prepaymentOwed: order.prepaymentAmount,
      debt: 0,
      overdue: 0,
      creditLimit: 1_000_000_000_00,
      creditDays: 30,
    });
    expect((await credit(rep)).statusCode).toBe(200);
    expect((await credit(rep3)).statusCode).toBe(404);
    expect((await inject('GET', '/api/orders/999999/credit', operator)).statusCode).toBe(404);
    const refused = await approve(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CREDIT_PREPAYMENT_UNPAID',
      message: expect.stringContaining(formatMoney(order.prepaymentAmount, { lng: 'en' })),
    });
    expect((await pay(order.id, order.prepaymentAmount - 1)).statusCode).toBe(201);
    expect((await credit()).json()).toMatchObject({ ok: false, prepaymentOwed: 1 });
    expect((await pay(order.id, 1)).statusCode).toBe(201);
    expect((await credit()).json()).toMatchObject({ ok: true, reasons: [], unpaid: order.sumSale - order.prepaymentAmount });
    expect((await approve(order.id)).statusCode).toBe(200);
  });

  it("warns the order wizard when the client's terms will stop the approval: no credit, overdue, over the limit", async () => {
    const org = await client({ creditLimit: null, creditDays: null });
    const quote = (extra: Record<string, unknown>) =>
      inject('POST', '/api/orders/quote', rep, { organizationId: org.id, positions: [{ productId, quantity: 1 }], ...extra });
    const deferred = await quote({ prepaymentPercent: 0 });
    expect(deferred.statusCode, deferred.body).toBe(200);
    expect(deferred.json().creditReasons).toEqual(['noCredit']);
    // a full prepayment would cover it (once it comes in)
    expect((await quote({ prepaymentPercent: 100 })).json().creditReasons).toEqual([]);
    const termed = await client({ creditLimit: 1_000_000_000_00, creditDays: 30 });
    expect(
      (await inject('POST', '/api/orders/quote', rep, { organizationId: termed.id, positions: [{ productId, quantity: 1 }] })).json().creditReasons,
    ).toEqual([]);
  });

  it('blocks approval while debt is overdue beyond the credit days, within the limit', async () => {
    const org = await client({ creditLimit: 1_000_000_000_00, creditDays: 14 });
    const old = await newOrder(org.id, 1);
    await deliver(old.id, 10);
    const next = await newOrder(org.id, 1);
    expect((await approve(next.id)).statusCode).toBe(200);
    await t.db
      .update(orderStatusHistory)
      .set({ at: new Date(Date.now() - 20 * 86_400_000) })
      .where(and(eq(orderStatusHistory.orderId, old.id), eq(orderStatusHistory.toStatus, 'delivered')));
    const third = await newOrder(org.id, 1);
    const refused = await approve(third.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CREDIT_OVERDUE');
    expect(refused.json().message).toContain('14 credit days');
    expect(refused.json().message).toContain(formatMoney(old.sumSale, { lng: 'en' }));
  });

  it('an operator with the right overrides with a reason, recorded in the history and the audit; without the right it is refused', async () => {
    const org = await client({ creditLimit: 0 });
    const order = await newOrder(org.id, 2);
    // the manager agrees orders under agreement but has no orders.creditOverride
    expect((await move(order.id, operator, 'in_processing')).statusCode).toBe(200);
    expect((await move(order.id, operator, 'under_agreement')).statusCode).toBe(200);
    const noRight = await move(order.id, chief, 'approved_for_shipment', { overrideReason: 'Клиент надёжный' });
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().code).toBe('CREDIT_OVERRIDE_NOT_ALLOWED');
    const noReason = await move(order.id, chief, 'approved_for_shipment');
    expect(noReason.json().code).toBe('CREDIT_LIMIT_EXCEEDED');
    // a blank reason is no reason
    expect((await approve(order.id, { overrideReason: '   ' })).statusCode).toBe(409);

    const ok = await approve(order.id, { overrideReason: 'Гарантийное письмо директора' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved_for_shipment');
    expect(ok.json().history.at(-1)).toMatchObject({ from: 'under_agreement', to: 'approved_for_shipment', reason: 'Гарантийное письмо директора' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'move')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.actorId).toBe(operator.id);
    expect(JSON.stringify(entry?.changes)).toContain('Гарантийное письмо директора');

    // the right is an ordinary grant: taken from the operator, the override is refused
    const grants = (await inject('GET', '/api/roles', admin)).json().find((r: { role: string }) => r.role === 'operator').grants as string[];
    expect(grants).toContain('orders.creditOverride');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/roles/operator',
      headers: headers(t.app, admin),
      payload: { scope: 'all', grants: grants.filter((g) => g !== 'orders.creditOverride') },
    });
    expect(put.statusCode, put.body).toBe(200);
    const another = await newOrder(org.id, 1);
    const refused = await approve(another.id, { overrideReason: 'Гарантийное письмо' });
    expect(refused.statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: '/api/roles/operator', headers: headers(t.app, admin), payload: { scope: 'all', grants } });
  });
});

describe('orders of a visit', () => {
  it('the orders list filters by visit (the /history-visits slot)', async () => {
    const org = await client({ creditLimit: 1_000_000_000_00 });
    const [visit] = await t.db
      .insert(visits)
      .values({
        representativeId: rep.id,
        organizationId: org.id,
        status: 'completed',
        plannedStart: new Date(),
        plannedEnd: new Date(),
        startedAt: new Date(),
        completedAt: new Date(),
      })
      .returning({ id: visits.id });
    const taken = await newOrder(org.id, 1);
    await newOrder(org.id, 1);
    await t.db.update(orders).set({ visitId: visit!.id }).where(eq(orders.id, taken.id));
    const res = await inject('GET', `/api/orders?visitId=${visit!.id}`, chief);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((o: { id: number }) => o.id)).toEqual([taken.id]);
    expect((await inject('GET', `/api/orders?visitId=${visit!.id}`, rep3)).json().total).toBe(0);
  });
});
