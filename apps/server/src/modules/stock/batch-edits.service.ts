import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { percentToBp, pricePosition, type Batch, type BatchStatus, type EditBatchesBody } from '@pharma/contracts';

import { type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';

import { batches } from './stock.table.js';
import { stockContext, selectBatches, toBatch, getBatch, type BatchStatusAction } from './stock.service.js';

/** Changes to batches by hand: their status (quarantine, recall) and /editable's inline edits. */
/**
 * available ⇄ quarantine (with a reason), available | quarantine → recalled
 * (final). A blocked batch is never reservable; reservations already made stay
 * with their documents.
 */
export async function changeBatchStatus(db: Db, actor: Actor, id: number, action: BatchStatusAction, reason: string | null, now: Date): Promise<Batch> {
  const target: BatchStatus = action === 'quarantine' ? 'quarantine' : action === 'recall' ? 'recalled' : 'available';
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: batches.status, statusReason: batches.statusReason }).from(batches).where(eq(batches.id, id)).for('update');
    if (!before) throw notFound();
    if (before.status === 'recalled') throw new AppError('BATCH_RECALLED');
    if (before.status === target && action === 'releaseQuarantine') return;
    await tx
      .update(batches)
      .set({ status: target, statusReason: target === 'available' ? null : reason, version: sql`${batches.version} + 1`, updatedAt: now })
      .where(eq(batches.id, id));
    await recordAudit(tx, actor, {
      entity: 'batch',
      entityId: id,
      action,
      before,
      after: { status: target, statusReason: target === 'available' ? null : reason },
    });
  });
  return getBatch(db, id, now);
}

// ---------------------------------------------------------------- write-offs

/**
 * Saves inline edits of stock rows, all or none. Each row is a conditional
 * UPDATE: the version the screen loaded must still be current, and the new
 * quantity on hand may not fall below what is reserved. Every failing row is
 * reported (`rows.<i>.<field>`), then nothing is kept.
 */
export async function editBatches(db: Db, actor: Actor, input: EditBatchesBody, now: Date): Promise<Batch[]> {
  const ids = input.rows.map((r) => r.id);
  await db.transaction(async (tx) => {
    const fields: Record<string, string> = {};
    let code: 'CONFLICT' | 'STOCK_BELOW_RESERVED' | 'VALIDATION_FAILED' | undefined;
    const befores = new Map((await tx.select().from(batches).where(inArray(batches.id, ids))).map((b) => [b.id, b]));
    for (const [i, row] of input.rows.entries()) {
      const priced = pricePosition({ basePrice: row.basePrice, quantity: 1, markupPercent: row.markupPercent, vatPercent: row.vatPercent });
      const [after] = await tx
        .update(batches)
        .set({
          series: row.series,
          serialNumber: row.serialNumber ?? null,
          expiryDate: row.expiryDate,
          onHand: row.onHand,
          basePrice: row.basePrice,
          vatBp: percentToBp(row.vatPercent),
          basePriceWithVat: priced.basePriceWithVat,
          markupBp: percentToBp(row.markupPercent),
          salePrice: priced.salePrice,
          version: sql`${batches.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(batches.id, row.id), eq(batches.version, row.version), lte(batches.reserved, row.onHand)))
        .returning();
      if (after) {
        const before = befores.get(row.id);
        await recordAudit(tx, actor, {
          entity: 'batch',
          entityId: row.id,
          action: before && before.onHand !== after.onHand ? 'adjust' : 'update',
          before,
          after,
        });
        continue;
      }
      const [current] = await tx.select({ version: batches.version, reserved: batches.reserved }).from(batches).where(eq(batches.id, row.id));
      if (!current) {
        fields[`rows.${i}.id`] = 'invalidOption';
        code ??= 'VALIDATION_FAILED';
      } else if (current.version !== row.version) {
        fields[`rows.${i}.version`] = 'changedMeanwhile';
        code ??= 'CONFLICT';
      } else {
        fields[`rows.${i}.onHand`] = 'belowReserved';
        code ??= 'STOCK_BELOW_RESERVED';
      }
    }
    if (code) throw new AppError(code, { fields });
  });
  const ctx = await stockContext(db, now);
  const rows = await selectBatches(db).where(inArray(batches.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toBatch(r, ctx)]));
  return ids.map((id) => byId.get(id)!);
}

// ---------------------------------------------------------------- receiving (called by incomes)
