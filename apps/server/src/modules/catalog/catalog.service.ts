import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  searchKey,
  medicationStatuses,
  type MedicationStatus,
  type Paged,
  type Product,
  type SaveProductBody,
  type SetMedicationStatusBody,
  type listProductsQuery,
} from '@pharma/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { likePattern, offsetOf, orderBy } from '../../platform/paging.js';
import { isForeignKeyViolation, isoInstant, isUniqueViolation } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { categories, producers, products } from './catalog.table.js';

const category = alias(categories, 'category');

const subcategory = alias(categories, 'subcategory');

const statusUser = alias(users, 'status_user');

/** What a product's search key is made of: name, producer and barcode, in any script. */
export const productSearchKey = (name: string, producerName: string, barcode: string | null | undefined) =>
  searchKey([name, producerName, barcode ?? ''].join(' '));

/** The search condition of a catalog query (≥ 4 characters, checked by the contract). */
export const productSearchCondition = (q: string) => sql`${products.searchKey} like ${likePattern(searchKey(q))}`;

const productColumns = {
  id: products.id,
  name: products.name,
  producerId: products.producerId,
  producerName: producers.name,
  country: products.country,
  unit: products.unit,
  price: products.price,
  weightG: products.weightG,
  barcode: products.barcode,
  categoryId: products.categoryId,
  categoryName: category.name,
  subcategoryId: products.subcategoryId,
  subcategoryName: subcategory.name,
  medicationStatus: products.medicationStatus,
  medicationStatusNote: products.medicationStatusNote,
  medicationStatusAt: sql<string | null>`${isoInstant(products.medicationStatusAt)}`,
  medicationStatusByName: statusUser.fullName,
  active: products.active,
  createdAt: isoInstant(products.createdAt),
  updatedAt: isoInstant(products.updatedAt),
};

const selectProducts = (db: Db) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(producers, eq(producers.id, products.producerId))
    .leftJoin(category, eq(category.id, products.categoryId))
    .leftJoin(subcategory, eq(subcategory.id, products.subcategoryId))
    .leftJoin(statusUser, eq(statusUser.id, products.medicationStatusBy));

const productSort = {
  name: products.name,
  producerName: producers.name,
  price: products.price,
  createdAt: products.createdAt,
};

export async function listProducts(db: Db, query: z.output<typeof listProductsQuery>): Promise<Paged<Product>> {
  const where = and(
    query.q ? productSearchCondition(query.q) : undefined,
    query.producerId ? eq(products.producerId, query.producerId) : undefined,
    query.categoryId ? or(eq(products.categoryId, query.categoryId), eq(products.subcategoryId, query.categoryId)) : undefined,
    query.country ? eq(products.country, query.country) : undefined,
    query.unit ? eq(products.unit, query.unit) : undefined,
    query.medicationStatus ? eq(products.medicationStatus, query.medicationStatus) : undefined,
    query.active === undefined ? undefined : eq(products.active, query.active),
  );
  const [items, [totalRow]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...orderBy(query.sort, productSort, 'name', products.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(products).innerJoin(producers, eq(producers.id, products.producerId)).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0, page: query.page, size: query.size };
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  if (!row) throw notFound();
  return row;
}

/** Barcode lookup (a scanner types digits; spaces are ignored). */
export async function productByBarcode(db: Db, code: string): Promise<Product> {
  const [row] = await selectProducts(db).where(eq(products.barcode, code.replace(/\s/g, '')));
  if (!row) throw notFound();
  return row;
}

/** Facts other domains need about products (incomes check what they receive). */
export async function productFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; active: boolean }>();
  const rows = await db.select({ id: products.id, name: products.name, active: products.active }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Products matched by barcode, or else by exact name (case-insensitive), for
 * imports. A name shared by several products matches none of them.
 */
export async function matchProducts(db: Db, lookups: { barcodes: string[]; names: string[] }) {
  const names = [...new Set(lookups.names.map((n) => n.trim().toLowerCase()))];
  const [byBarcode, byName] = await Promise.all([
    lookups.barcodes.length
      ? db.select({ id: products.id, barcode: products.barcode }).from(products).where(inArray(products.barcode, lookups.barcodes))
      : Promise.resolve([]),
    names.length
      ? db
          .select({ id: products.id, name: sql<string>`lower(${products.name})` })
          .from(products)
          .where(and(eq(products.active, true), inArray(sql`lower(${products.name})`, names)))
      : Promise.resolve([]),
  ]);
  const nameMatches = new Map<string, number[]>();
  for (const r of byName) nameMatches.set(r.name, [...(nameMatches.get(r.name) ?? []), r.id]);
  return {
    byBarcode: (code: string) => byBarcode.find((r) => r.barcode === code)?.id,
    byName: (name: string) => {
      const ids = nameMatches.get(name.trim().toLowerCase());
      return ids?.length === 1 ? ids[0] : undefined;
    },
  };
}

async function assertProductReferences(db: Db, input: SaveProductBody) {
  const [producer] = await db.select({ id: producers.id, name: producers.name }).from(producers).where(eq(producers.id, input.producerId));
  if (!producer) throw fieldError('VALIDATION_FAILED', 'producerId', 'invalidOption');
  if (input.categoryId) {
    const [cat] = await db.select().from(categories).where(eq(categories.id, input.categoryId));
    if (!cat || cat.parentId !== null) throw fieldError('VALIDATION_FAILED', 'categoryId', 'invalidOption');
  }
  if (input.subcategoryId) {
    const [sub] = await db.select().from(categories).where(eq(categories.id, input.subcategoryId));
    if (!sub) throw fieldError('VALIDATION_FAILED', 'subcategoryId', 'invalidOption');
    if (sub.parentId !== input.categoryId) throw fieldError('VALIDATION_FAILED', 'subcategoryId', 'subcategoryMismatch');
  }
  return producer;
}

const productValues = (input: SaveProductBody, producerName: string) => ({
  name: input.name,
  producerId: input.producerId,
  country: input.country,
  unit: input.unit,
  price: input.price ?? null,
  weightG: input.weightG ?? null,
  barcode: input.barcode ?? null,
  categoryId: input.categoryId ?? null,
  subcategoryId: input.subcategoryId ?? null,
  active: input.active,
  searchKey: productSearchKey(input.name, producerName, input.barcode),
});

function barcodeTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldError('BARCODE_TAKEN', 'barcode', 'duplicate');
  throw error;
}

export async function createProduct(db: Db, actor: Actor, input: SaveProductBody): Promise<Product> {
  const producer = await assertProductReferences(db, input);
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx.insert(products).values(productValues(input, producer.name)).returning();
      await recordAudit(tx, actor, { entity: 'product', entityId: created!.id, action: 'create', after: { ...created, searchKey: undefined } });
      return created!.id;
    });
    return getProduct(db, id);
  } catch (error) {
    barcodeTaken(error);
  }
}

export async function updateProduct(db: Db, actor: Actor, id: number, input: SaveProductBody): Promise<Product> {
  await getProduct(db, id);
  const producer = await assertProductReferences(db, input);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      const [after] = await tx
        .update(products)
        .set({ ...productValues(input, producer.name), updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      await recordAudit(tx, actor, {
        entity: 'product',
        entityId: id,
        action: 'update',
        before: { ...before, searchKey: undefined },
        after: { ...after, searchKey: undefined },
      });
    });
  } catch (error) {
    barcodeTaken(error);
  }
  return getProduct(db, id);
}

/** Deletes a product nothing refers to; one with stock history is deactivated instead (IN_USE). */
export async function deleteProduct(db: Db, actor: Actor, id: number): Promise<void> {
  await getProduct(db, id);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(products).where(eq(products.id, id)).returning();
      await recordAudit(tx, actor, { entity: 'product', entityId: id, action: 'delete', before: { ...before, searchKey: undefined } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('IN_USE');
    throw error;
  }
}

/** /status-drugs: pending → acquainted | denied (and back to pending), with who, when and why. */
export async function setMedicationStatus(db: Db, actor: Actor, id: number, input: SetMedicationStatusBody): Promise<Product> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(products)
      .set({
        medicationStatus: input.status,
        medicationStatusNote: input.note ?? null,
        medicationStatusAt: new Date(),
        medicationStatusBy: actor.id,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
      .returning();
    await recordAudit(tx, actor, {
      entity: 'product',
      entityId: id,
      action: 'medicationStatus',
      before: { medicationStatus: before.medicationStatus, medicationStatusNote: before.medicationStatusNote },
      after: { medicationStatus: after!.medicationStatus, medicationStatusNote: after!.medicationStatusNote },
    });
  });
  return getProduct(db, id);
}

export async function medicationStatusCounts(db: Db): Promise<Record<MedicationStatus, number>> {
  const rows = await db
    .select({ status: products.medicationStatus, n: count() })
    .from(products)
    .where(eq(products.active, true))
    .groupBy(products.medicationStatus);
  return Object.fromEntries(medicationStatuses.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<MedicationStatus, number>;
}

// ---------------------------------------------------------------- producers
