import { and, eq, inArray, sql } from 'drizzle-orm';

import type { z } from 'zod';
import {
  businessDate,
  orderActorsOfRole,
  percentToBp,
  pricePosition,
  resolveMarkup,
  shelfLifeMonthsToDays,
  type ClientType,
  type Order,
  type OrderLineBody,
  type OrderStatus,
  type TradeSettings,
  type editOrderBody,
  type createOrderBody,
  editableOrderStatuses,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';

import { recordAudit } from '../../platform/audit/audit.js';
import { retryOnConflict } from '../../platform/sql.js';
import { requestHash } from '../../platform/request-hash.js';
import { products } from '../catalog/catalog.table.js';
import { batches } from '../stock/stock.table.js';

import { assertOrganizationOpen } from '../organizations/organizations.service.js';

import { visits } from '../visits/visits.table.js';
import { visitDocument } from '../visits/visits.service.js';
import { releaseDocument, reserve } from '../stock/reservations.service.js';
import { getTradeSettings } from '../pricing/pricing.service.js';
import { writeOrderTotals } from './order-totals.service.js';
import { orderIdempotencyKeys, orderPositions, orders, orderStatusHistory } from './orders.table.js';
import { tellOfNewOrder } from './order-notifications.js';

import { orderDocument, getOrder } from './orders.service.js';

/** An order's lines reserved by FEFO and priced: creation (idempotent), the quote, editing. */
/**
 * The order an Idempotency-Key already made, when this request is the one that made it; the same key
 * with another body is refused (422), never answered with the first order.
 */
async function orderOfKey(db: Db, actor: Actor, key: string, hash: string): Promise<number | null> {
  const [row] = await db
    .select({ orderId: orderIdempotencyKeys.orderId, requestHash: orderIdempotencyKeys.requestHash })
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.userId, actor.id), eq(orderIdempotencyKeys.key, key)));
  // a key stored before hashes were kept (null) answers as before
  if (row && row.requestHash !== null && row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row?.orderId ?? null;
}

interface AllocationTerms {
  clientType: ClientType;
  /** the order's markup; undefined = the settings' per product */
  markupPercent: number | undefined;
  vatPercent: number;
  prepaymentPercent: number;
  settings: TradeSettings;
  minShelfLifeDays: number;
}

/**
 * Reserves every line for the order by FEFO with the client's minimum shelf life (all or nothing:
 * INSUFFICIENT_STOCK names the line), prices a position per batch, and writes the positions and the
 * order's totals as their sums. Products are taken in id order: two orders of the same products lock
 * their batches in the same order, never deadlocking.
 */
export async function reserveAndPrice(
  tx: Tx,
  actor: Actor,
  document: { documentType: 'order'; documentId: string },
  input: readonly OrderLineBody[],
  terms: AllocationTerms,
  now: Date,
) {
  const productIds = input.map((p) => p.productId);
  const productRows = await tx
    .select({ id: products.id, categoryId: products.categoryId, subcategoryId: products.subcategoryId })
    .from(products)
    .where(inArray(products.id, productIds));
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const lines: Omit<typeof orderPositions.$inferInsert, 'orderId'>[] = [];
  const byProduct = [...input.entries()].sort((a, b) => a[1].productId - b[1].productId);
  for (const [index, line] of byProduct) {
    const product = productById.get(line.productId);
    if (!product) throw fieldError('VALIDATION_FAILED', `positions.${index}.productId`, 'invalidOption');
    let result;
    try {
      result = await reserve(tx, actor, { productId: line.productId, quantity: line.quantity, minShelfLifeDays: terms.minShelfLifeDays, ...document }, now);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_STOCK') {
        throw new AppError('INSUFFICIENT_STOCK', { params: error.options.params, fields: { [`positions.${index}.quantity`]: 'tooBig' } });
      }
      throw error;
    }
    const markupPercent = line.markupPercent ?? terms.markupPercent ?? resolveMarkup(terms.settings, terms.clientType, product);
    const batchRows = await tx
      .select({ id: batches.id, basePrice: batches.basePrice })
      .from(batches)
      .where(
        inArray(
          batches.id,
          result.reservations.map((r) => r.batchId),
        ),
      );
    const basePriceOf = new Map(batchRows.map((b) => [b.id, b.basePrice]));
    for (const r of result.reservations) {
      const priced = pricePosition({ basePrice: basePriceOf.get(r.batchId)!, quantity: r.quantity, markupPercent, vatPercent: terms.vatPercent });
      lines.push({
        productId: line.productId,
        batchId: r.batchId,
        quantity: r.quantity,
        basePrice: priced.basePrice,
        basePriceWithVat: priced.basePriceWithVat,
        markupBp: percentToBp(markupPercent),
        vatBp: percentToBp(terms.vatPercent),
        salePrice: priced.salePrice,
        sumBase: priced.sumBase,
        sumBaseWithVat: priced.sumBaseWithVat,
        sumSale: priced.sumSale,
      });
    }
  }
  return lines;
}

async function allocatePositions(tx: Tx, actor: Actor, orderId: number, input: readonly OrderLineBody[], terms: AllocationTerms, now: Date) {
  const lines = (await reserveAndPrice(tx, actor, orderDocument(orderId), input, terms, now)).map((l) => ({ ...l, orderId }));
  await tx.insert(orderPositions).values(lines);
  return writeOrderTotals(tx, orderId, lines, terms.prepaymentPercent, now);
}

/** Thrown inside the transaction when a concurrent request with the same key committed first. */
class KeyTaken extends Error {}

/**
 * POST /api/orders. In one transaction: the idempotency key (first, so a concurrent retry waits on
 * it), the organization guard (blocked → 409, outside the territories → 404), the visit's holds of
 * the ordered products released, every line reserved by FEFO with the client's minimum shelf life
 * (all or nothing: INSUFFICIENT_STOCK creates nothing), positions priced per batch, totals as their
 * sums, the first history step and the audit entry. Answers whether the order was created now. The key
 * keeps the hash of the body (canonical JSON): a retry must be the same request.
 */
export async function createOrder(
  db: Db,
  actor: Actor,
  input: z.output<typeof createOrderBody>,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<{ order: Order; created: boolean }> {
  const hash = requestHash(input);
  if (idempotencyKey) {
    const existing = await orderOfKey(db, actor, idempotencyKey, hash);
    if (existing) return { order: await getOrder(db, actor, existing), created: false };
  }
  let id: number;
  try {
    id = await retryOnConflict(() =>
      db.transaction(async (tx) => {
        if (idempotencyKey) {
          const taken = await tx
            .insert(orderIdempotencyKeys)
            .values({ userId: actor.id, key: idempotencyKey, requestHash: hash, createdAt: now })
            .onConflictDoNothing()
            .returning({ key: orderIdempotencyKeys.key });
          if (!taken.length) throw new KeyTaken();
        }
        const terms = await assertOrganizationOpen(tx, input.organizationId, { actor });
        if (input.visitId) {
          const [visit] = await tx
            .select({ representativeId: visits.representativeId, organizationId: visits.organizationId })
            .from(visits)
            .where(eq(visits.id, input.visitId));
          if (!visit || visit.representativeId !== actor.id || visit.organizationId !== input.organizationId) throw new AppError('ORDER_VISIT_NOT_OWN');
        }
        const settings = await getTradeSettings(tx);
        const clientType = input.clientType ?? terms.defaultClientType ?? 'retail';
        const paymentVariant = input.paymentVariant ?? terms.defaultPaymentVariant ?? 'cash';
        const prepaymentPercent = input.prepaymentPercent ?? settings.prepaymentPercent;
        const vatPercent = settings.vatPercent;
        const today = businessDate(now);
        const [created] = await tx
          .insert(orders)
          .values({
            date: today,
            organizationId: input.organizationId,
            agentId: actor.id,
            visitId: input.visitId ?? null,
            clientType,
            paymentVariant,
            prepaymentBp: percentToBp(prepaymentPercent),
            markupBp: input.markupPercent === undefined ? null : percentToBp(input.markupPercent),
            vatBp: percentToBp(vatPercent),
            contractNumber: input.contractNumber ?? null,
            deliveryAddress: input.deliveryAddress,
            comment: input.comment ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: orders.id, number: orders.number });
        const orderId = created!.id;
        // the visit's holds of these products become this order's reservations
        if (input.visitId)
          await releaseDocument(
            tx,
            actor,
            visitDocument(input.visitId),
            now,
            input.positions.map((p) => p.productId),
          );
        const totals = await allocatePositions(
          tx,
          actor,
          orderId,
          input.positions,
          {
            clientType,
            markupPercent: input.markupPercent,
            vatPercent,
            prepaymentPercent,
            settings,
            minShelfLifeDays: shelfLifeMonthsToDays(terms.minShelfLifeMonths, today),
          },
          now,
        );
        await tx.insert(orderStatusHistory).values({ orderId, fromStatus: null, toStatus: 'new', at: now, byId: actor.id });
        await tellOfNewOrder(tx, actor, { id: orderId, number: created!.number, organizationName: terms.name });
        if (idempotencyKey)
          await tx
            .update(orderIdempotencyKeys)
            .set({ orderId })
            .where(and(eq(orderIdempotencyKeys.userId, actor.id), eq(orderIdempotencyKeys.key, idempotencyKey)));
        await recordAudit(tx, actor, {
          entity: 'order',
          entityId: orderId,
          action: 'create',
          after: { organizationId: input.organizationId, visitId: input.visitId ?? null, positions: input.positions, sumSale: totals.sumSale },
        });
        return orderId;
      }),
    );
  } catch (error) {
    if (error instanceof KeyTaken && idempotencyKey) {
      const existing = await orderOfKey(db, actor, idempotencyKey, hash);
      if (existing) return { order: await getOrder(db, actor, existing), created: false };
      throw new AppError('CONFLICT');
    }
    throw error;
  }
  return { order: await getOrder(db, actor, id), created: true };
}

// ---------------------------------------------------------------- move

/**
 * PUT /api/orders/:id (/orders-item-edit, /drugs-table-edit): new terms and lines. The operator's desk
 * edits while the order is editable, its agent only a new order of their own and not below the
 * settings' prepayment. In one transaction, conditional on the status read: the order's reservations
 * are released and the lines reserved again by FEFO (so a lowered quantity frees stock at once and a
 * raised one never oversells), priced, and totalled; audited with the lines before and after.
 */
export async function editOrder(db: Db, actor: Actor, id: number, input: z.output<typeof editOrderBody>, now = new Date()): Promise<Order> {
  const before = await getOrder(db, actor, id);
  const parts = orderActorsOfRole[actor.role];
  const asOperator = parts.includes('operator');
  const asAgent = parts.includes('agent') && before.agentId === actor.id;
  if (!asOperator && !asAgent) throw new AppError('FORBIDDEN');
  const statuses: readonly OrderStatus[] = asOperator ? editableOrderStatuses : ['new'];
  if (!statuses.includes(before.status)) throw new AppError('ORDER_NOT_EDITABLE');
  const settings = await getTradeSettings(db);
  if (!asOperator && input.prepaymentPercent < settings.prepaymentPercent)
    throw fieldError('VALIDATION_FAILED', 'prepaymentPercent', 'belowSettingsPrepayment');
  await retryOnConflict(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .update(orders)
        .set({
          clientType: input.clientType,
          paymentVariant: input.paymentVariant,
          prepaymentBp: percentToBp(input.prepaymentPercent),
          markupBp: input.markupPercent === null ? null : percentToBp(input.markupPercent),
          deliveryAddress: input.deliveryAddress,
          contractNumber: input.contractNumber ?? null,
          comment: input.comment ?? null,
          ...(asOperator ? { operatorComment: input.operatorComment ?? null, operatorId: sql`coalesce(${orders.operatorId}, ${actor.id})` } : {}),
          updatedAt: now,
        })
        .where(and(eq(orders.id, id), eq(orders.status, before.status)))
        .returning({ id: orders.id, organizationId: orders.organizationId });
      if (!locked) throw new AppError('ORDER_NOT_EDITABLE');
      const terms = await assertOrganizationOpen(tx, locked.organizationId);
      await releaseDocument(tx, asSystem(actor), orderDocument(id), now);
      await tx.delete(orderPositions).where(eq(orderPositions.orderId, id));
      const totals = await allocatePositions(
        tx,
        asSystem(actor),
        id,
        input.positions,
        {
          clientType: input.clientType,
          markupPercent: input.markupPercent ?? undefined,
          vatPercent: before.vatPercent,
          prepaymentPercent: input.prepaymentPercent,
          settings,
          minShelfLifeDays: shelfLifeMonthsToDays(terms.minShelfLifeMonths, businessDate(now)),
        },
        now,
      );
      await recordAudit(tx, actor, {
        entity: 'order',
        entityId: id,
        action: 'edit',
        before: {
          positions: before.positions.map((p) => ({ productId: p.productId, batchId: p.batchId, quantity: p.quantity, markupPercent: p.markupPercent })),
          sumSale: before.sumSale,
          prepaymentPercent: before.prepaymentPercent,
          paymentVariant: before.paymentVariant,
        },
        after: { positions: input.positions, sumSale: totals.sumSale, prepaymentPercent: input.prepaymentPercent, paymentVariant: input.paymentVariant },
      });
    }),
  );
  return getOrder(db, actor, id);
}

// ---------------------------------------------------------------- the operator's changes
