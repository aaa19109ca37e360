import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../../test/test-database.js';
import { createTestApp, makeUser, authFor, type TestContext } from '../../test/test-app.js';
import { batchRow, freeOf, inDays, makeBatch, makeProduct, makeProducer, makeWarehouse } from '../../test/stock-fixtures.js';
import { consumeDocument, releaseExpiredReservations, reserve } from './reservations.service.js';
import { loadActor } from '../users/users.service.js';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeUser>>, operator: typeof admin, chief: typeof admin, repA: typeof admin, repB: typeof admin, employee: typeof admin, courier: typeof admin;
let producer: Awaited<ReturnType<typeof makeProducer>>;
let w1: Awaited<ReturnType<typeof makeWarehouse>>, w2: typeof w1;
const as = (user: { id: number }, lng = 'en') => ({ ...authFor(t.app, user), 'accept-language': lng });
let doc = 0;
const nextDoc = () => `V-${++doc}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  operator = await makeUser(t.db, 'operator');
  chief = await makeUser(t.db, 'chief');
  repA = await makeUser(t.db, 'rep', { managerId: chief.id });
  repB = await makeUser(t.db, 'rep');
  employee = await makeUser(t.db, 'employee');
  courier = await makeUser(t.db, 'courier');
  producer = await makeProducer(t.db, 'World Medicine', 'TR');
  w1 = await makeWarehouse(t.db, 'Ташкент');
  w2 = await makeWarehouse(t.db, 'Фергана');
});
afterAll(() => t.close());

const reserveVia = (user: { id: number }, body: Record<string, unknown>, lng = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/reservations', headers: as(user, lng), payload: { documentType: 'order', documentId: nextDoc(), ...body } });

async function productWithStock() {
  const product = await makeProduct(t.db, { producerId: producer.id });
  const expired = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(-1), onHand: 100 });
  const late = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(400), onHand: 10 });
  const early = await makeBatch(t.db, { productId: product.id, warehouseId: w2.id, expiryDate: inDays(20), onHand: 3 });
  const middle = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(200), onHand: 4, reserved: 1 });
  const blocked = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(10), onHand: 50, status: 'quarantine' });
  return { product, expired, late, early, middle, blocked };
}

describe('FEFO reservation', () => {
  it('takes the earliest expiry first, skipping expired and blocked batches, and traces each part to its document', async () => {
    const s = await productWithStock();
    const res = await reserveVia(repA, { productId: s.product.id, quantity: 8, documentType: 'visit', documentId: 'VISIT-77' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.reservations.map((r: { batchId: number; quantity: number }) => [r.batchId, r.quantity])).toEqual([
      [s.early.id, 3],
      [s.middle.id, 3],
      [s.late.id, 2],
    ]);
    expect(body.reservations[0]).toMatchObject({ status: 'active', documentType: 'visit', documentId: 'VISIT-77', createdById: repA.id, createdByName: repA.fullName, warehouseName: 'Фергана', expiresAt: null });
    expect((await batchRow(t.db, s.middle.id)).reserved).toBe(4);
    expect((await batchRow(t.db, s.expired.id)).reserved).toBe(0);
    expect((await batchRow(t.db, s.blocked.id)).reserved).toBe(0);
  });

  it('never reserves expired stock, even when nothing else is left', async () => {
    const product = await makeProduct(t.db, { producerId: producer.id });
    await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(-1), onHand: 100 });
    const today = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(0), onHand: 2 });
    const res = await reserveVia(repA, { productId: product.id, quantity: 3 }, 'ru');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: 'Недостаточно свободного остатка: доступно 2, запрошено 3.' });
    // all or nothing: the batch expiring today was not touched
    expect((await batchRow(t.db, today.id)).reserved).toBe(0);
    const ok = await reserveVia(repA, { productId: product.id, quantity: 2 });
    expect(ok.json().reservations.map((r: { batchId: number }) => r.batchId)).toEqual([today.id]);
  });

  it("honours a client's minimum remaining shelf life and a chosen warehouse", async () => {
    const s = await productWithStock();
    const longLife = await reserveVia(repA, { productId: s.product.id, quantity: 5, minShelfLifeDays: 300 });
    expect(longLife.json().reservations.map((r: { batchId: number }) => r.batchId)).toEqual([s.late.id]);
    const tooLong = await reserveVia(repA, { productId: s.product.id, quantity: 6, minShelfLifeDays: 300 });
    expect(tooLong.json().code).toBe('INSUFFICIENT_STOCK');
    const inFergana = await reserveVia(repA, { productId: s.product.id, quantity: 3, warehouseId: w2.id });
    expect(inFergana.json().reservations.map((r: { batchId: number }) => r.batchId)).toEqual([s.early.id]);
  });

  it('shows the FEFO plan without reserving', async () => {
    const s = await productWithStock();
    const plan = (await t.app.inject({ method: 'GET', url: `/api/reservations/plan?productId=${s.product.id}&quantity=5`, headers: as(repA) })).json();
    expect(plan).toMatchObject({ requested: 5, available: 16, enough: true });
    expect(plan.lines.map((l: { batchId: number; quantity: number }) => [l.batchId, l.quantity])).toEqual([[s.early.id, 3], [s.middle.id, 2]]);
    const short = (await t.app.inject({ method: 'GET', url: `/api/reservations/plan?productId=${s.product.id}&quantity=50`, headers: as(repA) })).json();
    expect(short).toMatchObject({ enough: false, lines: [] });
    expect(await freeOf(t.db, s.product.id)).toBe(3 + 3 + 10 + 100 + 50);
  });

  it('validates the request with localized messages, and refuses an unknown product', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations', headers: as(repA, 'uz-Latn'), payload: { productId: 1, quantity: 0, documentType: 'invoice', documentId: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ quantity: 'Qiymat kamida 1 bo\'lishi kerak', documentType: 'Taklif etilgan qiymatlardan birini tanlang', documentId: 'Majburiy maydon' });
    const unknown = await reserveVia(repA, { productId: 999_999, quantity: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.productId).toBe('Choose one of the offered values');
  });

  it('needs the right to edit orders', async () => {
    const s = await productWithStock();
    for (const user of [courier, employee]) expect((await reserveVia(user, { productId: s.product.id, quantity: 1 })).statusCode).toBe(403);
  });
});

describe('release, scope and holds', () => {
  it('releases one reservation once; a second release is a conflict', async () => {
    const s = await productWithStock();
    const r = (await reserveVia(repA, { productId: s.product.id, quantity: 2 })).json().reservations[0];
    const released = await t.app.inject({ method: 'POST', url: `/api/reservations/${r.id}/release`, headers: as(repA) });
    expect(released.json()).toMatchObject({ status: 'released', closeReason: 'cancelled' });
    expect(released.json().closedAt).toMatch(/Z$/);
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(0);
    const again = await t.app.inject({ method: 'POST', url: `/api/reservations/${r.id}/release`, headers: as(repA, 'ru') });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RESERVATION_CLOSED', message: 'Этот резерв уже снят или отгружен.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/reservations/999999/release', headers: as(repA) })).statusCode).toBe(404);
  });

  it("keeps a rep to their own reservations; a chief sees the team's, an operator everything", async () => {
    const s = await productWithStock();
    const mine = (await reserveVia(repA, { productId: s.product.id, quantity: 1 })).json().reservations[0];
    const theirs = (await reserveVia(repB, { productId: s.product.id, quantity: 1 })).json().reservations[0];
    const listA = (await t.app.inject({ method: 'GET', url: `/api/reservations?productId=${s.product.id}`, headers: as(repA) })).json();
    expect(listA.items.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${theirs.id}`, headers: as(repA) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${theirs.id}/release`, headers: as(repA) })).statusCode).toBe(404);
    const chiefList = (await t.app.inject({ method: 'GET', url: `/api/reservations?productId=${s.product.id}`, headers: as(chief) })).json();
    expect(chiefList.items.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    const all = (await t.app.inject({ method: 'GET', url: `/api/reservations?productId=${s.product.id}&status=active`, headers: as(operator) })).json();
    expect(all.items.map((r: { id: number }) => r.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${theirs.id}/release`, headers: as(operator) })).json().status).toBe('released');
  });

  it("releases a whole document's reservations (an order cancelled)", async () => {
    const s = await productWithStock();
    await reserveVia(repA, { productId: s.product.id, quantity: 7, documentId: 'ORDER-1' });
    await reserveVia(repA, { productId: s.product.id, quantity: 1, documentId: 'ORDER-1' });
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations/release', headers: as(repA), payload: { documentType: 'order', documentId: 'ORDER-1' } });
    expect(res.json()).toEqual({ released: 4, quantity: 8 });
    for (const b of [s.early, s.late]) expect((await batchRow(t.db, b.id)).reserved).toBe(0);
    expect((await batchRow(t.db, s.middle.id)).reserved).toBe(1);
    const history = (await t.app.inject({ method: 'GET', url: '/api/reservations?documentType=order&documentId=ORDER-1', headers: as(repA) })).json();
    expect(history.items.every((r: { status: string; closeReason: string }) => r.status === 'released' && r.closeReason === 'cancelled')).toBe(true);
  });

  it('releases a hold by itself once its time is up (clock given to the sweeper)', async () => {
    const s = await productWithStock();
    const res = await reserveVia(repA, { productId: s.product.id, quantity: 4, documentType: 'visit', holdMinutes: 30 });
    const hold = res.json().reservations;
    expect(hold[0].expiresAt).not.toBeNull();
    const expiresAt = new Date(hold[0].expiresAt);
    expect(await releaseExpiredReservations(t.db, new Date(expiresAt.getTime() - 1000))).toEqual({ released: 0 });
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(3);
    expect(await releaseExpiredReservations(t.db, new Date(expiresAt.getTime() + 1000))).toEqual({ released: 2 });
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(0);
    expect((await batchRow(t.db, s.middle.id)).reserved).toBe(1);
    const after = (await t.app.inject({ method: 'GET', url: `/api/reservations/${hold[0].id}`, headers: as(repA) })).json();
    expect(after).toMatchObject({ status: 'released', closeReason: 'expired' });
  });

  it('ships a document: its units leave the stock', async () => {
    const s = await productWithStock();
    await reserveVia(repA, { productId: s.product.id, quantity: 5, documentId: 'ORDER-SHIP' });
    const actor = (await loadActor(t.db, operator.id))!;
    expect(await consumeDocument(t.db, actor, { documentType: 'order', documentId: 'ORDER-SHIP' })).toEqual({ consumed: 2, quantity: 5 });
    expect(await batchRow(t.db, s.early.id)).toMatchObject({ onHand: 0, reserved: 0 });
    expect(await batchRow(t.db, s.middle.id)).toMatchObject({ onHand: 2, reserved: 1 });
  });
});

describe(`concurrency (${testDriver})`, () => {
  it('gives exactly 50 of 200 concurrent one-unit reservations against 50 free units, and leaves nothing free', async () => {
    const product = await makeProduct(t.db, { producerId: producer.id });
    const parts = [12, 9, 15, 8, 6];
    const batchIds: number[] = [];
    for (const [i, onHand] of parts.entries()) batchIds.push((await makeBatch(t.db, { productId: product.id, warehouseId: i % 2 ? w1.id : w2.id, expiryDate: inDays(60 + i * 30), onHand })).id);
    await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(-2), onHand: 40 });
    const headers = as(repA);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/reservations', headers, payload: { productId: product.id, quantity: 1, documentType: 'order', documentId: `RACE-${i}` } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c === 409)).toHaveLength(150);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'INSUFFICIENT_STOCK')).toBe(true);
    for (const [i, id] of batchIds.entries()) expect(await batchRow(t.db, id)).toMatchObject({ onHand: parts[i], reserved: parts[i] });
    const residues = (await t.app.inject({ method: 'GET', url: `/api/stock/residues?productId=${product.id}`, headers })).json();
    expect(residues.total).toBe(0);
  });

  it('keeps the counters right while reservations, releases and write-offs race', async () => {
    const product = await makeProduct(t.db, { producerId: producer.id });
    const b = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(100), onHand: 60 });
    const actor = (await loadActor(t.db, repA.id))!;
    const work = await Promise.allSettled([
      ...Array.from({ length: 40 }, (_, i) => reserve(t.db, actor, { productId: product.id, quantity: 2, documentType: 'order', documentId: `MIX-${i}`, minShelfLifeDays: 0 })),
      ...Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/stock/write-offs', headers: as(employee), payload: { batchId: b.id, quantity: 1, reason: 'damaged' } }),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/reservations/release', headers: as(repA), payload: { documentType: 'order', documentId: `MIX-${i}` } }),
      ),
    ]);
    const reserved = work.slice(0, 40).filter((w) => w.status === 'fulfilled').length;
    const writtenOff = work.slice(40, 60).filter((w) => w.status === 'fulfilled' && (w.value as { statusCode: number }).statusCode === 201).length;
    const released = work.slice(60).reduce((s, w) => s + (w.status === 'fulfilled' ? (w.value as { json: () => { quantity: number } }).json().quantity : 0), 0);
    const row = await batchRow(t.db, b.id);
    expect(row.onHand).toBe(60 - writtenOff);
    expect(row.reserved).toBe(reserved * 2 - released);
    expect(row.reserved).toBeLessThanOrEqual(row.onHand);
  });
});
