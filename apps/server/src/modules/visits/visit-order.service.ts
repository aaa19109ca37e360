import { and, asc, desc, eq, exists, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  businessDate,
  pricePosition,
  resolveMarkup,
  shelfLifeMonthsToDays,
  suggestFromCounts,
  type ClientType,
  type Reservation,
  type TradeSettings,
  type Visit,
  type VisitOrder,
  type VisitOrderLineBody,
  type VisitReservation,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isForeignKeyViolation, isoInstant } from '../../platform/sql.js';
import { producers, products } from '../catalog/catalog.table.js';
import { getTradeSettings } from '../pricing/pricing.service.js';
import { batches } from '../stock/stock.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { assertOrganizationOpen } from '../organizations/organizations.service.js';
import { activeReservationsOf, getReservation, releaseReservation, reserve } from '../stock/reservations.service.js';
import { freeStockOf, nearerWarehouseLeftOut } from '../stock/stock.service.js';
import { reservations } from '../stock/reservations.table.js';
import { getVisit, visitDocument } from './visits.service.js';
import { visitPreOrders, visitRemainders, visits } from './visits.table.js';
import { orderPositions, orders, orderStatusHistory } from '../orders/orders.table.js';

/**
 * What we delivered to the organization between two instants, per product: the remainders counted on
 * two visits, plus this, less the shelf now, make the pharmacy's sell-out. An order counts from the
 * moment it was shipped (its 'shipped' step), whatever happened to it after.
 */
export async function deliveredBetween(db: Db, organizationId: number, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: orderPositions.productId, quantity: sql<number>`sum(${orderPositions.quantity})::int` })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(
      and(
        eq(orders.organizationId, organizationId),
        exists(
          db
            .select({ one: sql`1` })
            .from(orderStatusHistory)
            .where(
              and(
                sql`${orderStatusHistory.orderId} = ${orders.id}`,
                eq(orderStatusHistory.toStatus, 'shipped'),
                gte(orderStatusHistory.at, from),
                lt(orderStatusHistory.at, to),
              ),
            ),
        ),
      ),
    )
    .groupBy(orderPositions.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.quantity)]));
}

/** Reservations and pre-orders are taken by the visit's own rep while the visit is in progress. */
function assertOwnInProgress(actor: Actor, visit: Visit) {
  if (visit.representativeId !== actor.id) throw new AppError('VISIT_NOT_OWN');
  if (visit.status !== 'in_progress') throw new AppError('VISIT_NOT_IN_PROGRESS');
}

/** Locks the visit row for the rest of the transaction and checks it is still in progress (not completed or cancelled meanwhile). */
async function lockInProgress(tx: Tx, id: number) {
  const [row] = await tx.select({ status: visits.status }).from(visits).where(eq(visits.id, id)).for('update');
  if (row?.status !== 'in_progress') throw new AppError('VISIT_NOT_IN_PROGRESS');
}

/** The previous completed visit of the same organization with remainders counted, before this one. */
export async function previousVisitWithRemainders(db: Db, visit: Pick<Visit, 'id' | 'organizationId' | 'startedAt' | 'plannedStart'>) {
  const before = new Date(visit.startedAt ?? visit.plannedStart);
  const [row] = await db
    .select({
      id: visits.id,
      completedAt: sql<string | null>`case when ${visits.completedAt} is null then null else ${isoInstant(visits.completedAt)} end`,
      completedAtInstant: visits.completedAt,
      plannedStart: isoInstant(visits.plannedStart),
    })
    .from(visits)
    .where(
      and(
        eq(visits.organizationId, visit.organizationId),
        eq(visits.status, 'completed'),
        lt(visits.plannedStart, before),
        sql`${visits.id} <> ${visit.id}`,
        exists(
          db
            .select({ one: sql`1` })
            .from(visitRemainders)
            .where(eq(visitRemainders.visitId, visits.id)),
        ),
      ),
    )
    .orderBy(desc(visits.plannedStart), desc(visits.id))
    .limit(1);
  return row;
}

/**
 * GET /api/visits/:id/order: the visit's active reservations and pre-orders, and the suggested order
 * for every product counted on this or the previous visit (with remainders) of the organization:
 * sell-out = previous remainder + delivered in between − current remainder, suggested = sell-out −
 * current remainder (contracts' suggestFromCounts: sellOut / suggestedQuantity; /testOrder reads the same). A product not counted on one of the
 * two visits counts as 0 there. freeStock is what could be reserved now for this organization
 * (its minimum shelf life applied).
 */
export async function visitOrder(db: Db, actor: Actor, id: number, holdHours: number, now = new Date()): Promise<VisitOrder> {
  return visitOrderOf(db, await getVisit(db, actor, id), holdHours, now);
}

/** visitOrder of a visit already read through getVisit (its scope checked there). */
export async function visitOrderOf(db: Db, visit: Visit, holdHours: number, now = new Date()): Promise<VisitOrder> {
  const id = visit.id;
  const [reserved, preOrders, previous, terms, settings] = await Promise.all([
    activeReservationsOf(db, visitDocument(id)),
    db
      .select({ productId: visitPreOrders.productId, productName: products.name, producerName: producers.name, quantity: visitPreOrders.quantity })
      .from(visitPreOrders)
      .innerJoin(products, eq(products.id, visitPreOrders.productId))
      .innerJoin(producers, eq(producers.id, products.producerId))
      .where(eq(visitPreOrders.visitId, id))
      .orderBy(asc(products.name)),
    previousVisitWithRemainders(db, visit),
    db
      .select({ minShelfLifeMonths: organizations.minShelfLifeMonths, defaultClientType: organizations.defaultClientType })
      .from(organizations)
      .where(eq(organizations.id, visit.organizationId)),
    getTradeSettings(db),
  ]);
  const previousRemainders = previous
    ? await db
        .select({ productId: visitRemainders.productId, productName: products.name, producerName: producers.name, quantity: visitRemainders.quantity })
        .from(visitRemainders)
        .innerJoin(products, eq(products.id, visitRemainders.productId))
        .innerJoin(producers, eq(producers.id, products.producerId))
        .where(eq(visitRemainders.visitId, previous.id))
    : [];
  const names = new Map<number, { productName: string; producerName: string }>();
  const before = new Map<number, number>();
  const current = new Map<number, number>();
  for (const r of previousRemainders) {
    names.set(r.productId, r);
    before.set(r.productId, r.quantity);
  }
  for (const r of visit.remainders) {
    names.set(r.productId, r);
    current.set(r.productId, r.quantity);
  }
  const productIds = [...names.keys()];
  const minShelfLifeMonths = terms[0]?.minShelfLifeMonths ?? 0;
  const minShelfLifeDays = shelfLifeMonthsToDays(minShelfLifeMonths, businessDate(now));
  const [delivered, free, priced] = await Promise.all([
    previous?.completedAtInstant ? deliveredBetween(db, visit.organizationId, previous.completedAtInstant, now) : Promise.resolve(new Map<number, number>()),
    freeStockOf(db, productIds, now, minShelfLifeDays),
    priceReservations(db, reserved, { clientType: terms[0]?.defaultClientType ?? 'retail', settings, minShelfLifeMonths, minShelfLifeDays }, now),
  ]);
  const suggested = suggestFromCounts(before, delivered, current)
    .map((figures) => ({
      ...figures,
      productName: names.get(figures.productId)!.productName,
      producerName: names.get(figures.productId)!.producerName,
      freeStock: free.get(figures.productId) ?? 0,
    }))
    .sort((a, b) => a.productName.localeCompare(b.productName, 'ru') || a.producerName.localeCompare(b.producerName, 'ru') || a.productId - b.productId);
  return {
    holdHours,
    reservations: priced,
    sumSale: priced.reduce((sum, r) => sum + r.sumSale, 0),
    preOrders,
    previousVisit: previous ? { id: previous.id, completedAt: previous.completedAt, plannedStart: previous.plannedStart } : null,
    suggested,
  };
}

/**
 * The visit's reservations as the rep sees them: each with its producer, its price if ordered now —
 * priced as the order from the visit prices it (the batch's base price, the markup for the client's
 * type and the product's category, the settings' VAT; contracts' pricePosition) — and, when the
 * client's minimum shelf life left nearer batches of another warehouse out, that warehouse.
 */
async function priceReservations(
  db: Db,
  reserved: readonly Reservation[],
  terms: { clientType: ClientType; settings: TradeSettings; minShelfLifeMonths: number; minShelfLifeDays: number },
  now: Date,
): Promise<VisitReservation[]> {
  if (!reserved.length) return [];
  const [productRows, batchRows, leftOut] = await Promise.all([
    db
      .select({ id: products.id, categoryId: products.categoryId, subcategoryId: products.subcategoryId, producerName: producers.name })
      .from(products)
      .innerJoin(producers, eq(producers.id, products.producerId))
      .where(inArray(products.id, [...new Set(reserved.map((r) => r.productId))])),
    db
      .select({ id: batches.id, basePrice: batches.basePrice })
      .from(batches)
      .where(
        inArray(
          batches.id,
          reserved.map((r) => r.batchId),
        ),
      ),
    nearerWarehouseLeftOut(db, reserved, now, terms.minShelfLifeDays),
  ]);
  const productOf = new Map(productRows.map((p) => [p.id, p]));
  const basePriceOf = new Map(batchRows.map((b) => [b.id, b.basePrice]));
  return reserved.map((r) => {
    const product = productOf.get(r.productId)!;
    const price = pricePosition({
      basePrice: basePriceOf.get(r.batchId)!,
      quantity: r.quantity,
      markupPercent: resolveMarkup(terms.settings, terms.clientType, product),
      vatPercent: terms.settings.vatPercent,
    });
    const nearer = leftOut.get(r.batchId);
    return {
      ...r,
      producerName: product.producerName,
      salePrice: price.salePrice,
      sumSale: price.sumSale,
      shelfLife: nearer ? { minShelfLifeMonths: terms.minShelfLifeMonths, nearerWarehouseName: nearer } : null,
    };
  });
}

/**
 * Reserves a product for the visited organization through the stock reservation service (FEFO, the
 * organization's minimum shelf life, a hold of `holdHours` that releases itself unless an order
 * confirms it; the rep's holds within RESERVATION_HOLD_MAX_UNITS, decision 021). One reservation per
 * product and visit ('A product cannot be added twice'); not enough stock answers the service's
 * INSUFFICIENT_STOCK. All in one transaction holding the visit's
 * row, so a concurrent duplicate, completion or cancellation waits and is then judged afresh.
 */
export async function addReservation(
  db: Db,
  actor: Actor,
  id: number,
  input: VisitOrderLineBody,
  holdHours: number,
  holdMaxUnits: number,
  now = new Date(),
): Promise<VisitOrder> {
  const visit = await getVisit(db, actor, id);
  assertOwnInProgress(actor, visit);
  const document = visitDocument(id);
  await db.transaction(async (tx) => {
    await lockInProgress(tx, id);
    // a blacklisted organization takes no reservation
    const terms = await assertOrganizationOpen(tx, visit.organizationId);
    const [already] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.documentType, document.documentType),
          eq(reservations.documentId, document.documentId),
          eq(reservations.productId, input.productId),
          eq(reservations.status, 'active'),
        ),
      )
      .limit(1);
    if (already) throw new AppError('VISIT_PRODUCT_ALREADY_ADDED');
    const result = await reserve(
      tx,
      actor,
      {
        productId: input.productId,
        quantity: input.quantity,
        minShelfLifeDays: shelfLifeMonthsToDays(terms.minShelfLifeMonths, businessDate(now)),
        hold: { minutes: holdHours * 60, maxUnits: holdMaxUnits },
        ...document,
      },
      now,
    );
    await recordAudit(tx, actor, {
      entity: 'visit',
      entityId: id,
      action: 'reserve',
      after: { productId: input.productId, quantity: input.quantity, reservations: result.reservations.map((r) => r.id) },
    });
  });
  return visitOrder(db, actor, id, holdHours, now);
}

/** Releases one reservation of this visit (404 for any other reservation). */
export async function removeReservation(db: Db, actor: Actor, id: number, reservationId: number, holdHours: number, now = new Date()): Promise<VisitOrder> {
  const visit = await getVisit(db, actor, id);
  assertOwnInProgress(actor, visit);
  const found = await getReservation(db, actor, reservationId);
  const document = visitDocument(id);
  if (found.documentType !== document.documentType || found.documentId !== document.documentId) throw notFound();
  await releaseReservation(db, actor, reservationId, now);
  return visitOrder(db, actor, id, holdHours, now);
}

/** A pre-order line: what the organization wants beyond the free stock; one line per product. */
export async function addPreOrder(db: Db, actor: Actor, id: number, input: VisitOrderLineBody, holdHours: number, now = new Date()): Promise<VisitOrder> {
  const visit = await getVisit(db, actor, id);
  assertOwnInProgress(actor, visit);
  try {
    await db.transaction(async (tx) => {
      await lockInProgress(tx, id);
      await assertOrganizationOpen(tx, visit.organizationId);
      const added = await tx
        .insert(visitPreOrders)
        .values({ visitId: id, productId: input.productId, quantity: input.quantity, createdAt: now })
        .onConflictDoNothing()
        .returning({ productId: visitPreOrders.productId });
      if (!added.length) throw new AppError('VISIT_PRODUCT_ALREADY_ADDED');
      await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: 'preOrder', after: { ...input } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw fieldError('VALIDATION_FAILED', 'productId', 'invalidOption');
    throw error;
  }
  return visitOrder(db, actor, id, holdHours, now);
}

export async function removePreOrder(db: Db, actor: Actor, id: number, productId: number, holdHours: number, now = new Date()): Promise<VisitOrder> {
  const visit = await getVisit(db, actor, id);
  assertOwnInProgress(actor, visit);
  await db.transaction(async (tx) => {
    await lockInProgress(tx, id);
    const removed = await tx
      .delete(visitPreOrders)
      .where(and(eq(visitPreOrders.visitId, id), eq(visitPreOrders.productId, productId)))
      .returning({ quantity: visitPreOrders.quantity });
    if (!removed.length) throw notFound();
    await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: 'removePreOrder', before: { productId, quantity: removed[0]!.quantity } });
  });
  return visitOrder(db, actor, id, holdHours, now);
}
