import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../../test/test-database.js';
import { createTestApp, makeUser, authFor, type TestContext } from '../../test/test-app.js';
import { batchRow, freeOf, inDays, makeBatch, makeProduct, makeProducer, makeWarehouse } from '../../test/stock-fixtures.js';
import { consumeDocument, releaseDocument, releaseExpiredReservations, releaseReservation, reserve, type ReserveInput } from './reservations.service.js';
import { AppError } from '../../platform/errors.js';
import { loadActor } from '../users/users.service.js';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeUser>>,
  operator: typeof admin,
  chief: typeof admin,
  repA: typeof admin,
  repB: typeof admin,
  employee: typeof admin,
  courier: typeof admin;
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

/**
 * Reserves through the service, as the documents' own operations do (decision 021: an order's lines, a
 * visit's holds — there is no route around them): the result, or the AppError refusing it.
 */
async function reserveFor(user: { id: number }, body: Partial<ReserveInput> & { productId: number; quantity: number }) {
  const input = { documentType: 'order', documentId: nextDoc(), minShelfLifeDays: 0, ...body } as ReserveInput;
  try {
    return { result: await reserve(t.db, (await loadActor(t.db, user.id))!, input), error: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { result: null, error };
  }
}
const held = async (user: { id: number }, body: Partial<ReserveInput> & { productId: number; quantity: number }) =>
  (await reserveFor(user, body)).result!.reservations;
const hold = (minutes: number, maxUnits = 1000) => ({ documentType: 'visit' as const, hold: { minutes, maxUnits } });

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
    const reservations = await held(repA, { productId: s.product.id, quantity: 8, documentId: 'ORDER-77' });
    expect(reservations.map((r) => [r.batchId, r.quantity])).toEqual([
      [s.early.id, 3],
      [s.middle.id, 3],
      [s.late.id, 2],
    ]);
    // an order's lines hold until the order ships or is cancelled
    expect(reservations[0]).toMatchObject({
      status: 'active',
      documentType: 'order',
      documentId: 'ORDER-77',
      createdById: repA.id,
      createdByName: repA.fullName,
      warehouseName: 'Фергана',
      expiresAt: null,
    });
    expect((await batchRow(t.db, s.middle.id)).reserved).toBe(4);
    expect((await batchRow(t.db, s.expired.id)).reserved).toBe(0);
    expect((await batchRow(t.db, s.blocked.id)).reserved).toBe(0);
  });

  it('never reserves expired stock, even when nothing else is left', async () => {
    const product = await makeProduct(t.db, { producerId: producer.id });
    await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(-1), onHand: 100 });
    const today = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(0), onHand: 2 });
    const res = await reserveFor(repA, { productId: product.id, quantity: 3 });
    expect(res.error).toMatchObject({ code: 'INSUFFICIENT_STOCK', options: { params: { available: 2, requested: 3 } } });
    // all or nothing: the batch expiring today was not touched
    expect((await batchRow(t.db, today.id)).reserved).toBe(0);
    expect((await held(repA, { productId: product.id, quantity: 2 })).map((r) => r.batchId)).toEqual([today.id]);
  });

  it("honours a client's minimum remaining shelf life and a chosen warehouse", async () => {
    const s = await productWithStock();
    expect((await held(repA, { productId: s.product.id, quantity: 5, minShelfLifeDays: 300 })).map((r) => r.batchId)).toEqual([s.late.id]);
    expect((await reserveFor(repA, { productId: s.product.id, quantity: 6, minShelfLifeDays: 300 })).error?.code).toBe('INSUFFICIENT_STOCK');
    expect((await held(repA, { productId: s.product.id, quantity: 3, warehouseId: w2.id })).map((r) => r.batchId)).toEqual([s.early.id]);
  });

  it('shows the FEFO plan without reserving', async () => {
    const s = await productWithStock();
    const plan = (await t.app.inject({ method: 'GET', url: `/api/reservations/plan?productId=${s.product.id}&quantity=5`, headers: as(repA) })).json();
    expect(plan).toMatchObject({ requested: 5, available: 16, enough: true });
    expect(plan.lines.map((l: { batchId: number; quantity: number }) => [l.batchId, l.quantity])).toEqual([
      [s.early.id, 3],
      [s.middle.id, 2],
    ]);
    const short = (await t.app.inject({ method: 'GET', url: `/api/reservations/plan?productId=${s.product.id}&quantity=50`, headers: as(repA) })).json();
    expect(short).toMatchObject({ enough: false, lines: [] });
    expect(await freeOf(t.db, s.product.id)).toBe(3 + 3 + 10 + 100 + 50);
  });

  it('refuses an unknown product as a field error', async () => {
    const unknown = await reserveFor(repA, { productId: 999_999, quantity: 1 });
    expect(unknown.error).toMatchObject({ code: 'VALIDATION_FAILED', options: { fields: { productId: 'invalidOption' } } });
  });

  it("has no route of its own to write through (decision 021): reserving and releasing are the documents' operations", async () => {
    const s = await productWithStock();
    const [r] = await held(repA, { productId: s.product.id, quantity: 1 });
    for (const user of [repA, operator, admin, courier, employee]) {
      const posts = [
        ['/api/reservations', { productId: s.product.id, quantity: 1, documentType: 'visit', documentId: 'V-1' }],
        ['/api/reservations/release', { documentType: 'order', documentId: r!.documentId }],
        [`/api/reservations/${r!.id}/release`, {}],
      ] as const;
      for (const [url, payload] of posts) expect((await t.app.inject({ method: 'POST', url, headers: as(user), payload })).statusCode, url).toBe(404);
    }
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(1);
  });
});

describe('holds (decision 021)', () => {
  it("always expire: a visit's or a manual reservation without a hold is refused by the type and at run time", async () => {
    const s = await productWithStock();
    // @ts-expect-error a hold needs its minutes and its bound
    const noHold: ReserveInput = { productId: s.product.id, quantity: 1, minShelfLifeDays: 0, documentType: 'visit', documentId: 'V-1' };
    await expect(reserve(t.db, (await loadActor(t.db, repA.id))!, noHold)).rejects.toThrow();
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(0);
  });

  it("keep one user's held units within the bound, whatever the products; an order's lines do not count", async () => {
    const s = await productWithStock();
    const other = await makeProduct(t.db, { producerId: producer.id });
    await makeBatch(t.db, { productId: other.id, warehouseId: w1.id, expiryDate: inDays(300), onHand: 100 });
    const rep = await makeUser(t.db, 'rep');
    await held(rep, { productId: s.product.id, quantity: 6, ...hold(60, 10) });
    await held(rep, { productId: other.id, quantity: 50 }); // an order's lines
    const over = await reserveFor(rep, { productId: other.id, quantity: 5, ...hold(60, 10) });
    expect(over.error).toMatchObject({ code: 'RESERVATION_HOLD_LIMIT', options: { params: { limit: 10, held: 6, left: 4 }, fields: { quantity: 'tooBig' } } });
    await held(rep, { productId: other.id, quantity: 4, ...hold(60, 10) });
    // another user has their own room
    await held(repB, { productId: other.id, quantity: 10, ...hold(60, 10) });
  });

  it('of concurrent holds by one user, only those within the bound are taken', async () => {
    const product = await makeProduct(t.db, { producerId: producer.id });
    await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(300), onHand: 1000 });
    const rep = await makeUser(t.db, 'rep');
    const answers = await Promise.all(Array.from({ length: 10 }, () => reserveFor(rep, { productId: product.id, quantity: 3, ...hold(60, 20) })));
    expect(answers.filter((a) => a.result)).toHaveLength(6);
    expect(answers.filter((a) => a.error).every((a) => a.error!.code === 'RESERVATION_HOLD_LIMIT')).toBe(true);
    expect(await freeOf(t.db, product.id)).toBe(1000 - 18);
  });
});

describe('release, scope and holds', () => {
  const actorOf = async (user: { id: number }) => (await loadActor(t.db, user.id))!;

  it('releases one reservation once; a second release is a conflict', async () => {
    const s = await productWithStock();
    const [r] = await held(repA, { productId: s.product.id, quantity: 2 });
    const released = await releaseReservation(t.db, await actorOf(repA), r!.id);
    expect(released).toMatchObject({ status: 'released', closeReason: 'cancelled' });
    expect(released.closedAt).toMatch(/Z$/);
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(0);
    await expect(releaseReservation(t.db, await actorOf(repA), r!.id)).rejects.toMatchObject({ code: 'RESERVATION_CLOSED' });
    await expect(releaseReservation(t.db, await actorOf(repA), 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("keeps a rep to their own reservations; a chief sees the team's, an operator everything", async () => {
    const s = await productWithStock();
    const [mine] = await held(repA, { productId: s.product.id, quantity: 1 });
    const [theirs] = await held(repB, { productId: s.product.id, quantity: 1 });
    const listA = (await t.app.inject({ method: 'GET', url: `/api/reservations?productId=${s.product.id}`, headers: as(repA) })).json();
    expect(listA.items.map((r: { id: number }) => r.id)).toEqual([mine!.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${theirs!.id}`, headers: as(repA) })).statusCode).toBe(404);
    await expect(releaseReservation(t.db, await actorOf(repA), theirs!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const chiefList = (await t.app.inject({ method: 'GET', url: `/api/reservations?productId=${s.product.id}`, headers: as(chief) })).json();
    expect(chiefList.items.map((r: { id: number }) => r.id)).toEqual([mine!.id]);
    const all = (await t.app.inject({ method: 'GET', url: `/api/reservations?productId=${s.product.id}&status=active`, headers: as(operator) })).json();
    expect(all.items.map((r: { id: number }) => r.id).sort()).toEqual([mine!.id, theirs!.id].sort());
  });

  it("releases a whole document's reservations (an order cancelled)", async () => {
    const s = await productWithStock();
    await held(repA, { productId: s.product.id, quantity: 7, documentId: 'ORDER-1' });
    await held(repA, { productId: s.product.id, quantity: 1, documentId: 'ORDER-1' });
    expect(await releaseDocument(t.db, await actorOf(repA), { documentType: 'order', documentId: 'ORDER-1' })).toEqual({ released: 4, quantity: 8 });
    for (const b of [s.early, s.late]) expect((await batchRow(t.db, b.id)).reserved).toBe(0);
    expect((await batchRow(t.db, s.middle.id)).reserved).toBe(1);
    const history = (await t.app.inject({ method: 'GET', url: '/api/reservations?documentType=order&documentId=ORDER-1', headers: as(repA) })).json();
    expect(history.items.every((r: { status: string; closeReason: string }) => r.status === 'released' && r.closeReason === 'cancelled')).toBe(true);
  });

  it('releases a hold by itself once its time is up (clock given to the sweeper)', async () => {
    const s = await productWithStock();
    const reservations = await held(repA, { productId: s.product.id, quantity: 4, ...hold(30) });
    expect(reservations[0]!.expiresAt).not.toBeNull();
    const expiresAt = new Date(reservations[0]!.expiresAt!);
    expect(await releaseExpiredReservations(t.db, new Date(expiresAt.getTime() - 1000))).toEqual({ released: 0 });
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(3);
    expect(await releaseExpiredReservations(t.db, new Date(expiresAt.getTime() + 1000))).toEqual({ released: 2 });
    expect((await batchRow(t.db, s.early.id)).reserved).toBe(0);
    expect((await batchRow(t.db, s.middle.id)).reserved).toBe(1);
    const after = (await t.app.inject({ method: 'GET', url: `/api/reservations/${reservations[0]!.id}`, headers: as(repA) })).json();
    expect(after).toMatchObject({ status: 'released', closeReason: 'expired' });
  });

  it('ships a document: the units of its positions leave the stock, anything else on it goes back; a missing line refuses', async () => {
    const s = await productWithStock();
    const lines = await held(repA, { productId: s.product.id, quantity: 5, documentId: 'ORDER-SHIP' });
    // a stray reservation on the document, of a batch no position has (the long shelf life takes the late batch)
    await held(repB, { productId: s.product.id, quantity: 2, documentId: 'ORDER-SHIP', minShelfLifeDays: 300 });
    const actor = await actorOf(operator);
    const positions = lines.map((r) => ({ batchId: r.batchId, quantity: r.quantity }));
    // a position the document does not hold is refused, nothing changes
    await expect(
      consumeDocument(t.db, actor, { documentType: 'order', documentId: 'ORDER-SHIP' }, [...positions, { batchId: s.blocked.id, quantity: 1 }]),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await consumeDocument(t.db, actor, { documentType: 'order', documentId: 'ORDER-SHIP' }, positions)).toEqual({
      consumed: 2,
      quantity: 5,
      released: 1,
    });
    expect(await batchRow(t.db, s.early.id)).toMatchObject({ onHand: 0, reserved: 0 });
    expect(await batchRow(t.db, s.middle.id)).toMatchObject({ onHand: 2, reserved: 1 });
    expect(await batchRow(t.db, s.late.id)).toMatchObject({ onHand: 10, reserved: 0 });
  });
});

describe(`concurrency (${testDriver})`, () => {
  it('gives exactly 50 of 200 concurrent one-unit reservations against 50 free units, and leaves nothing free', async () => {
    const product = await makeProduct(t.db, { producerId: producer.id });
    const parts = [12, 9, 15, 8, 6];
    const batchIds: number[] = [];
    for (const [i, onHand] of parts.entries())
      batchIds.push((await makeBatch(t.db, { productId: product.id, warehouseId: i % 2 ? w1.id : w2.id, expiryDate: inDays(60 + i * 30), onHand })).id);
    await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(-2), onHand: 40 });
    const headers = as(repA);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => reserveFor(repA, { productId: product.id, quantity: 1, documentId: `RACE-${i}` })));
    expect(results.filter((r) => r.result)).toHaveLength(50);
    expect(results.filter((r) => r.error)).toHaveLength(150);
    expect(results.filter((r) => r.error).every((r) => r.error!.code === 'INSUFFICIENT_STOCK')).toBe(true);
    for (const [i, id] of batchIds.entries()) expect(await batchRow(t.db, id)).toMatchObject({ onHand: parts[i], reserved: parts[i] });
    const residues = (await t.app.inject({ method: 'GET', url: `/api/stock/residues?productId=${product.id}`, headers })).json();
    expect(residues.total).toBe(0);
  });

  it('keeps the counters right while reservations, releases and write-offs race', async () => {
    const product = await makeProduct(t.db, { producerId: producer.id });
    const b = await makeBatch(t.db, { productId: product.id, warehouseId: w1.id, expiryDate: inDays(100), onHand: 60 });
    const actor = (await loadActor(t.db, repA.id))!;
    const work = await Promise.allSettled([
      ...Array.from({ length: 40 }, (_, i) =>
        reserve(t.db, actor, { productId: product.id, quantity: 2, documentType: 'order', documentId: `MIX-${i}`, minShelfLifeDays: 0 }),
      ),
      ...Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/stock/write-offs', headers: as(employee), payload: { batchId: b.id, quantity: 1, reason: 'damaged' } }),
      ),
      ...Array.from({ length: 20 }, (_, i) => releaseDocument(t.db, actor, { documentType: 'order', documentId: `MIX-${i}` })),
    ]);
    const reserved = work.slice(0, 40).filter((w) => w.status === 'fulfilled').length;
    const writtenOff = work.slice(40, 60).filter((w) => w.status === 'fulfilled' && (w.value as { statusCode: number }).statusCode === 201).length;
    const released = work.slice(60).reduce((s, w) => s + (w.status === 'fulfilled' ? (w.value as { quantity: number }).quantity : 0), 0);
    const row = await batchRow(t.db, b.id);
    expect(row.onHand).toBe(60 - writtenOff);
    expect(row.reserved).toBe(reserved * 2 - released);
    expect(row.reserved).toBeLessThanOrEqual(row.onHand);
  });
});
