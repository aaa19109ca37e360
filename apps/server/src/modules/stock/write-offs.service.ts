import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { freeBalance, type CreateWriteOffBody, type Paged, type WriteOff, type listWriteOffsQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { offsetOf, orderBy } from '../../platform/paging.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import type { ExportRows } from '../../platform/xlsx.js';
import { products, producers } from '../catalog/catalog.table.js';
import { productSearchCondition } from '../catalog/catalog.service.js';
import { warehouses } from '../warehouses/warehouses.table.js';

import { users } from '../users/users.table.js';

import { batches, writeOffs } from './stock.table.js';

/** Write-offs: a batch's stock written off with a reason, listed and exported. */
/** Removes free units of a batch (reserved units belong to their documents). */
export async function createWriteOff(db: Db, actor: Actor, input: CreateWriteOffBody, now: Date): Promise<WriteOff> {
  const id = await db.transaction(async (tx) => {
    const [batch] = await tx
      .update(batches)
      .set({ onHand: sql`${batches.onHand} - ${input.quantity}`, version: sql`${batches.version} + 1`, updatedAt: now })
      .where(and(eq(batches.id, input.batchId), sql`${batches.onHand} - ${batches.reserved} >= ${input.quantity}`))
      .returning({ basePriceWithVat: batches.basePriceWithVat, onHand: batches.onHand });
    if (!batch) {
      const [current] = await tx.select({ onHand: batches.onHand, reserved: batches.reserved }).from(batches).where(eq(batches.id, input.batchId));
      if (!current) throw new AppError('VALIDATION_FAILED', { fields: { batchId: 'invalidOption' } });
      throw new AppError('WRITE_OFF_EXCEEDS_FREE', { params: { free: freeBalance(current) }, fields: { quantity: 'tooBig' } });
    }
    const [created] = await tx
      .insert(writeOffs)
      .values({
        batchId: input.batchId,
        quantity: input.quantity,
        reason: input.reason,
        comment: input.comment ?? null,
        sumBaseWithVat: input.quantity * batch.basePriceWithVat,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: 'writeOff',
      entityId: created!.id,
      action: 'create',
      after: { batchId: input.batchId, quantity: input.quantity, reason: input.reason, comment: input.comment ?? null, onHandAfter: batch.onHand },
    });
    return created!.id;
  });
  const [row] = await selectWriteOffs(db).where(eq(writeOffs.id, id));
  return row!;
}

const selectWriteOffs = (db: Db) =>
  db
    .select({
      id: writeOffs.id,
      batchId: writeOffs.batchId,
      productId: batches.productId,
      productName: products.name,
      producerName: producers.name,
      warehouseId: batches.warehouseId,
      warehouseName: warehouses.name,
      series: batches.series,
      expiryDate: batches.expiryDate,
      quantity: writeOffs.quantity,
      reason: writeOffs.reason,
      comment: writeOffs.comment,
      sumBaseWithVat: writeOffs.sumBaseWithVat,
      createdById: writeOffs.createdBy,
      createdByName: users.fullName,
      createdAt: isoInstant(writeOffs.createdAt),
    })
    .from(writeOffs)
    .innerJoin(batches, eq(batches.id, writeOffs.batchId))
    .innerJoin(products, eq(products.id, batches.productId))
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(warehouses, eq(warehouses.id, batches.warehouseId))
    .innerJoin(users, eq(users.id, writeOffs.createdBy));

const writeOffSort = { createdAt: writeOffs.createdAt, quantity: writeOffs.quantity, productName: products.name };

function writeOffConditions(query: z.output<typeof listWriteOffsQuery>) {
  return and(
    query.from ? gte(writeOffs.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(writeOffs.createdAt, new Date(dayStart(query.to).getTime() + 86_400_000)) : undefined,
    query.warehouseId ? eq(batches.warehouseId, query.warehouseId) : undefined,
    query.productId ? eq(batches.productId, query.productId) : undefined,
    query.batchId ? eq(writeOffs.batchId, query.batchId) : undefined,
    query.createdById ? eq(writeOffs.createdBy, query.createdById) : undefined,
    query.reason ? eq(writeOffs.reason, query.reason) : undefined,
    query.q ? productSearchCondition(query.q) : undefined,
  );
}

/** Removed-stock history: newest first by default. */
export async function listWriteOffs(db: Db, query: z.output<typeof listWriteOffsQuery>): Promise<Paged<WriteOff>> {
  const where = writeOffConditions(query);
  const sortBy = query.sort ? orderBy(query.sort, writeOffSort, 'createdAt', writeOffs.id) : [desc(writeOffs.createdAt), desc(writeOffs.id)];
  const [items, [totalRow]] = await Promise.all([
    selectWriteOffs(db)
      .where(where)
      .orderBy(...sortBy)
      .limit(query.size)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(writeOffs)
      .innerJoin(batches, eq(batches.id, writeOffs.batchId))
      .innerJoin(products, eq(products.id, batches.productId))
      .where(where),
  ]);
  return { items, total: totalRow?.total ?? 0, page: query.page, size: query.size };
}

/** The filtered write-offs for an export: how many, then page by page, newest first. */
export function writeOffsForExport(db: Db, query: z.output<typeof listWriteOffsQuery>): ExportRows<WriteOff> {
  const where = writeOffConditions(query);
  return {
    count: async () =>
      (
        await db
          .select({ total: count() })
          .from(writeOffs)
          .innerJoin(batches, eq(batches.id, writeOffs.batchId))
          .innerJoin(products, eq(products.id, batches.productId))
          .where(where)
      )[0]?.total ?? 0,
    page: (offset, limit) =>
      selectWriteOffs(db).where(where).orderBy(desc(writeOffs.createdAt), desc(writeOffs.id)).limit(limit).offset(offset) as Promise<WriteOff[]>,
  };
}

// ---------------------------------------------------------------- /editable
