import { startSweep } from '../../platform/sweep.js';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  businessDate,
  planFefo,
  takeFefo,
  type Paged,
  type Reservation,
  type ReservationCloseReason,
  type ReservationDocumentType,
  type ReservationPlan,
  type ReserveResult,
  type listReservationsQuery,
  type reservationPlanQuery,
} from '@pharma/contracts';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { offsetOf, orderBy } from '../../platform/paging.js';
import { isoInstant, retryOnConflict } from '../../platform/sql.js';
import { products } from '../catalog/catalog.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { users } from '../users/users.table.js';
import { batches } from './stock.table.js';
import { reservations } from './reservations.table.js';
import { fefoOrder, reservableCondition } from './stock.service.js';

/** Batches locked by the first round trip while FEFO looks for enough stock (doubling after). */
const firstLockChunk = 2;

interface Document {
  documentType: ReservationDocumentType;
  documentId: string;
}

const reservationColumns = {
  id: reservations.id,
  batchId: reservations.batchId,
  productId: reservations.productId,
  productName: products.name,
  warehouseId: batches.warehouseId,
  warehouseName: warehouses.name,
  series: batches.series,
  expiryDate: batches.expiryDate,
  quantity: reservations.quantity,
  status: reservations.status,
  documentType: reservations.documentType,
  documentId: reservations.documentId,
  createdById: reservations.createdBy,
  createdByName: users.fullName,
  createdAt: isoInstant(reservations.createdAt),
  expiresAt: sql<string | null>`${isoInstant(reservations.expiresAt)}`,
  closedAt: sql<string | null>`${isoInstant(reservations.closedAt)}`,
  closeReason: reservations.closeReason,
};

const selectReservations = (db: Tx) =>
  db
    .select(reservationColumns)
    .from(reservations)
    .innerJoin(batches, eq(batches.id, reservations.batchId))
    .innerJoin(products, eq(products.id, reservations.productId))
    .innerJoin(warehouses, eq(warehouses.id, batches.warehouseId))
    .innerJoin(users, eq(users.id, reservations.createdBy));

/**
 * What is reserved, for which document. An order's lines hold their stock until the order ships or is
 * cancelled; any other document's reservation is a hold (decision 021): it always releases itself after
 * `hold.minutes`, and the actor's active holds stay within `hold.maxUnits` units (RESERVATION_HOLD_MAX_UNITS).
 * The caller is the document's own service, which has checked the document exists, is the actor's and
 * may reserve in its state.
 */
export type ReserveInput = {
  productId: number;
  quantity: number;
  warehouseId?: number | null;
  minShelfLifeDays: number;
  documentId: string;
} & ({ documentType: 'order'; hold?: undefined } | { documentType: Exclude<ReservationDocumentType, 'order'>; hold: { minutes: number; maxUnits: number } });

/** Serialises one actor's holds, so two at once cannot both slip under the bound. */
const holdLockKey = 21_013;

/**
 * Reserves by FEFO across the product's reservable batches, all or nothing.
 *
 * Concurrency: the candidate batches are locked (SELECT … FOR UPDATE) in FEFO
 * order, a few at a time, so two reservations of one product queue on the same
 * rows in the same order and never deadlock; once locked, a row's free balance
 * is current (PostgreSQL re-reads a row it waited for and re-checks the WHERE).
 * Each counter then moves by a conditional UPDATE
 * (`reserved + n where on_hand − reserved >= n`), and the table's check
 * constraint (0 ≤ reserved ≤ on_hand) stands behind both.
 */
export async function reserve(db: Tx, actor: Actor, input: ReserveInput, now = new Date()): Promise<ReserveResult> {
  // a programming error, not a request's: only an order's lines hold without an end
  if ((input.documentType === 'order') === !!input.hold) throw new Error(`a ${input.documentType} reservation ${input.hold ? 'is not' : 'must be'} a hold`);
  const today = businessDate(now);
  const expiresAt = input.hold ? new Date(now.getTime() + input.hold.minutes * 60_000) : null;
  const ids = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      if (input.hold) await assertHoldRoom(tx, actor, input.quantity, input.hold.maxUnits, now);
      const taken: { batchId: number; quantity: number }[] = [];
      let need = input.quantity;
      let seenFree = 0;
      let cursor: { expiryDate: string; id: number } | null = null;
      // usually the earliest batch or two cover the quantity: lock no more rows than that
      let chunk = firstLockChunk;
      while (need > 0) {
        const rows: { id: number; expiryDate: string; free: number }[] = await tx
          .select({ id: batches.id, expiryDate: batches.expiryDate, free: sql<number>`${batches.onHand} - ${batches.reserved}` })
          .from(batches)
          .where(
            and(
              eq(batches.productId, input.productId),
              reservableCondition(today, input.minShelfLifeDays),
              sql`${batches.onHand} > ${batches.reserved}`,
              input.warehouseId ? eq(batches.warehouseId, input.warehouseId) : undefined,
              cursor ? sql`(${batches.expiryDate}, ${batches.id}) > (${cursor.expiryDate}::date, ${cursor.id})` : undefined,
            ),
          )
          .orderBy(...fefoOrder)
          .limit(chunk)
          .for('update');
        chunk = Math.min(chunk * 4, 128);
        if (rows.length === 0) break;
        const step = takeFefo(rows, need);
        for (const t of step.taken) taken.push({ batchId: t.batch.id, quantity: t.quantity });
        need = step.left;
        seenFree += step.seenFree;
        cursor = rows.at(-1)!;
      }
      if (need > 0) {
        await assertProduct(tx, input.productId);
        throw new AppError('INSUFFICIENT_STOCK', { params: { available: seenFree, requested: input.quantity }, fields: { quantity: 'tooBig' } });
      }
      for (const t of taken) {
        const [moved] = await tx
          .update(batches)
          .set({ reserved: sql`${batches.reserved} + ${t.quantity}` })
          .where(and(eq(batches.id, t.batchId), sql`${batches.onHand} - ${batches.reserved} >= ${t.quantity}`))
          .returning({ id: batches.id });
        // cannot happen under the row lock; refuse rather than over-reserve
        if (!moved) throw new AppError('CONFLICT');
      }
      const created = await tx
        .insert(reservations)
        .values(
          taken.map((t) => ({
            batchId: t.batchId,
            productId: input.productId,
            quantity: t.quantity,
            documentType: input.documentType,
            documentId: input.documentId,
            createdBy: actor.id,
            createdAt: now,
            expiresAt,
          })),
        )
        .returning({ id: reservations.id });
      return created.map((c) => c.id);
    }),
  );
  const rows = await selectReservations(db).where(inArray(reservations.id, ids)).orderBy(asc(batches.expiryDate), asc(reservations.id));
  return { productId: input.productId, quantity: input.quantity, documentType: input.documentType, documentId: input.documentId, reservations: rows };
}

/** The actor's active holds plus this one stay within the bound (409 RESERVATION_HOLD_LIMIT naming what is left). */
async function assertHoldRoom(tx: Tx, actor: Actor, quantity: number, maxUnits: number, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(${holdLockKey}, ${actor.id})`);
  const [row] = await tx
    .select({ held: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
    .from(reservations)
    .where(and(eq(reservations.createdBy, actor.id), eq(reservations.status, 'active'), sql`${reservations.expiresAt} > ${now.toISOString()}`));
  const held = Number(row?.held ?? 0);
  if (held + quantity > maxUnits) {
    throw new AppError('RESERVATION_HOLD_LIMIT', { params: { limit: maxUnits, held, left: Math.max(0, maxUnits - held) }, fields: { quantity: 'tooBig' } });
  }
}

async function assertProduct(db: Tx, productId: number) {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!p) throw fieldError('VALIDATION_FAILED', 'productId', 'invalidOption');
}

/** What FEFO would take now for this request, without reserving anything. */
export async function planReservation(db: Db, query: z.output<typeof reservationPlanQuery>, now = new Date()): Promise<ReservationPlan> {
  const today = businessDate(now);
  const where = and(
    eq(batches.productId, query.productId),
    reservableCondition(today, query.minShelfLifeDays),
    sql`${batches.onHand} > ${batches.reserved}`,
    query.warehouseId ? eq(batches.warehouseId, query.warehouseId) : undefined,
  );
  // one after the other: `db` may be a transaction, whose one connection takes one query at a time
  const candidates = await db
    .select({
      id: batches.id,
      warehouseId: batches.warehouseId,
      series: batches.series,
      expiryDate: batches.expiryDate,
      free: sql<number>`${batches.onHand} - ${batches.reserved}`,
    })
    .from(batches)
    .where(where)
    .orderBy(...fefoOrder)
    .limit(Math.min(1000, query.quantity));
  const [sum] = await db
    .select({ available: sql<number>`coalesce(sum(${batches.onHand} - ${batches.reserved}), 0)::bigint` })
    .from(batches)
    .where(where);
  const plan = planFefo(candidates, query.quantity);
  return {
    productId: query.productId,
    requested: query.quantity,
    available: sum?.available ?? 0,
    enough: plan.length > 0,
    lines: plan.map((p) => ({
      batchId: p.batch.id,
      warehouseId: p.batch.warehouseId,
      series: p.batch.series,
      expiryDate: p.batch.expiryDate,
      free: p.batch.free,
      quantity: p.quantity,
    })),
  };
}

// ---------------------------------------------------------------- release and consume

interface Closed {
  batchId: number;
  quantity: number;
}

/** Gives closed reservations' quantities back (release) or takes them out of stock (consume), batch by batch in id order. */
async function settle(tx: Tx, closed: Closed[], consume: boolean) {
  const perBatch = new Map<number, number>();
  for (const c of closed) perBatch.set(c.batchId, (perBatch.get(c.batchId) ?? 0) + c.quantity);
  for (const [batchId, quantity] of [...perBatch].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(batches)
      .set(
        consume
          ? { reserved: sql`${batches.reserved} - ${quantity}`, onHand: sql`${batches.onHand} - ${quantity}`, version: sql`${batches.version} + 1` }
          : { reserved: sql`${batches.reserved} - ${quantity}` },
      )
      .where(eq(batches.id, batchId));
  }
}

async function closeWhere(db: Tx, actor: Actor | null, where: SQL, reason: ReservationCloseReason, now: Date): Promise<Closed[]> {
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const closed = await tx
        .update(reservations)
        .set({ status: reason === 'shipped' ? 'consumed' : 'released', closedAt: now, closeReason: reason, closedBy: actor?.id ?? null })
        .where(and(where, eq(reservations.status, 'active')))
        .returning({ batchId: reservations.batchId, quantity: reservations.quantity });
      await settle(tx, closed, reason === 'shipped');
      return closed;
    }),
  );
}

/** Releases one reservation (cancel). Only an active one in the actor's scope. */
export async function releaseReservation(db: Db, actor: Actor, id: number, now = new Date()): Promise<Reservation> {
  const closed = await closeWhere(db, actor, and(eq(reservations.id, id), inScope(actor, reservations.createdBy))!, 'cancelled', now);
  if (closed.length === 0) {
    const existing = await getReservation(db, actor, id);
    if (existing.status !== 'active') throw new AppError('RESERVATION_CLOSED');
  }
  return getReservation(db, actor, id);
}

/**
 * Releases every active reservation of a document in the actor's scope (an order cancelled, a visit ended),
 * or only those of the given products (a visit's holds replaced by the order taken on it).
 */
export async function releaseDocument(db: Tx, actor: Actor, document: Document, now = new Date(), productIds?: readonly number[]) {
  if (productIds && productIds.length === 0) return { released: 0, quantity: 0 };
  const where = productIds ? and(documentCondition(document, actor), inArray(reservations.productId, [...productIds]))! : documentCondition(document, actor);
  const closed = await closeWhere(db, actor, where, 'cancelled', now);
  return { released: closed.length, quantity: closed.reduce((s, c) => s + c.quantity, 0) };
}

/**
 * Ships an order: only the reservations of its own positions leave the stock (on hand and reserved both
 * go down, per batch exactly the positions' quantities); anything else active on its document goes back
 * to stock (decision 021). A position whose reservation is missing refuses the shipment (CONFLICT).
 */
export async function consumeDocument(db: Tx, actor: Actor, document: Document, positions: readonly { batchId: number; quantity: number }[], now = new Date()) {
  const wanted = new Map<number, number>();
  for (const p of positions) wanted.set(p.batchId, (wanted.get(p.batchId) ?? 0) + p.quantity);
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const where = documentCondition(document, actor);
      const held = await tx
        .select({ batchId: reservations.batchId, quantity: sql<number>`sum(${reservations.quantity})::int` })
        .from(reservations)
        .where(and(where, eq(reservations.status, 'active'), wanted.size ? inArray(reservations.batchId, [...wanted.keys()]) : sql`false`))
        .groupBy(reservations.batchId);
      const heldOf = new Map(held.map((h) => [h.batchId, Number(h.quantity)]));
      if ([...wanted].some(([batchId, quantity]) => heldOf.get(batchId) !== quantity)) throw new AppError('CONFLICT');
      const shipped = wanted.size ? await closeWhere(tx, actor, and(where, inArray(reservations.batchId, [...wanted.keys()]))!, 'shipped', now) : [];
      const released = await closeWhere(tx, actor, where, 'cancelled', now);
      return { consumed: shipped.length, quantity: shipped.reduce((s, c) => s + c.quantity, 0), released: released.length };
    }),
  );
}

const documentCondition = (document: Document, actor: Actor) =>
  and(eq(reservations.documentType, document.documentType), eq(reservations.documentId, document.documentId), inScope(actor, reservations.createdBy))!;

/**
 * Releases every hold whose time is up, in one statement. The server runs it on
 * an interval (startReservationSweeper); tests call it with the `now` they need.
 */
export async function releaseExpiredReservations(db: Db, now: Date): Promise<{ released: number }> {
  const [row] = await retryOnConflict(() =>
    queryRows<{ released: number }>(
      db,
      sql`with closed as (
          update reservations set status = 'released', closed_at = ${now.toISOString()}, close_reason = 'expired'
          where status = 'active' and expires_at <= ${now.toISOString()}
          returning batch_id, quantity
        ), totals as (
          select batch_id, sum(quantity)::int as quantity from closed group by batch_id
        ), settled as (
          update batches b set reserved = b.reserved - t.quantity from totals t where b.id = t.batch_id returning b.id
        )
        select (select count(*) from closed)::int as released, (select count(*) from settled)::int as batches`,
    ),
  );
  return { released: row?.released ?? 0 };
}

export function startReservationSweeper(app: FastifyInstance, everySeconds: number) {
  startSweep(app, 'expired reservation holds released', everySeconds, () => releaseExpiredReservations(app.db, new Date()));
}

// ---------------------------------------------------------------- read

export async function getReservation(db: Db, actor: Actor, id: number): Promise<Reservation> {
  const [row] = await selectReservations(db).where(and(eq(reservations.id, id), inScope(actor, reservations.createdBy)));
  if (!row) throw notFound();
  return row;
}

/** A document's active reservations (a visit's holds, an order's lines), earliest expiry first. */
export async function activeReservationsOf(db: Db, document: Document): Promise<Reservation[]> {
  return selectReservations(db)
    .where(and(eq(reservations.documentType, document.documentType), eq(reservations.documentId, document.documentId), eq(reservations.status, 'active')))
    .orderBy(asc(products.name), asc(batches.expiryDate), asc(reservations.id));
}

const reservationSort = { createdAt: reservations.createdAt, expiryDate: batches.expiryDate, quantity: reservations.quantity };

/** Reservations in the actor's scope (a rep sees their own holds), newest first. */
export async function listReservations(db: Db, actor: Actor, query: z.output<typeof listReservationsQuery>): Promise<Paged<Reservation>> {
  const where = and(
    inScope(actor, reservations.createdBy),
    query.status ? eq(reservations.status, query.status) : undefined,
    query.productId ? eq(reservations.productId, query.productId) : undefined,
    query.batchId ? eq(reservations.batchId, query.batchId) : undefined,
    query.documentType ? eq(reservations.documentType, query.documentType) : undefined,
    query.documentId ? eq(reservations.documentId, query.documentId) : undefined,
    query.createdById ? eq(reservations.createdBy, query.createdById) : undefined,
  );
  const sortBy = query.sort ? orderBy(query.sort, reservationSort, 'createdAt', reservations.id) : [desc(reservations.createdAt), desc(reservations.id)];
  const [items, [totalRow]] = await Promise.all([
    selectReservations(db)
      .where(where)
      .orderBy(...sortBy)
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(reservations).innerJoin(batches, eq(batches.id, reservations.batchId)).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0, page: query.page, size: query.size };
}
