import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Category, type SaveCategoryBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';

import { isForeignKeyViolation } from '../../platform/sql.js';
import { categories } from './catalog.table.js';

/** Categories and subcategories of the catalog. */
const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categories.name,
  productCount: sql<number>`(select count(*) from products p where p.category_id = "categories"."id" or p.subcategory_id = "categories"."id")::int`,
};

/** Every category and subcategory (a flat list; subcategories carry their parent). */
export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .orderBy(sql`${categories.name}->>'ru'`, categories.id);
}

async function getCategory(db: Db, id: number): Promise<Category> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound();
  return row;
}

export async function saveCategory(db: Db, actor: Actor, input: SaveCategoryBody, id?: number): Promise<Category> {
  if (id) await getCategory(db, id);
  const parentId = input.parentId ?? null;
  if (parentId) {
    const [parent] = await db.select().from(categories).where(eq(categories.id, parentId));
    if (!parent || parent.id === id) throw fieldError('VALIDATION_FAILED', 'parentId', 'invalidOption');
    if (parent.parentId !== null) throw fieldError('VALIDATION_FAILED', 'parentId', 'categoryDepth');
    if (id) {
      const [child] = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
      if (child) throw fieldError('VALIDATION_FAILED', 'parentId', 'categoryDepth');
    }
  }
  const savedId = await db.transaction(async (tx) => {
    if (!id) {
      const [created] = await tx.insert(categories).values({ parentId, name: input.name }).returning();
      await recordAudit(tx, actor, { entity: 'category', entityId: created!.id, action: 'create', after: { parentId, name: input.name } });
      return created!.id;
    }
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    await tx.update(categories).set({ parentId, name: input.name }).where(eq(categories.id, id));
    await recordAudit(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'update',
      before: { parentId: before!.parentId, name: before!.name },
      after: { parentId, name: input.name },
    });
    return id;
  });
  return getCategory(db, savedId);
}

export async function deleteCategory(db: Db, actor: Actor, id: number): Promise<void> {
  const existing = await getCategory(db, id);
  if (existing.productCount > 0) throw new AppError('IN_USE');
  try {
    await db.transaction(async (tx) => {
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, actor, { entity: 'category', entityId: id, action: 'delete', before: { parentId: existing.parentId, name: existing.name } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('IN_USE');
    throw error;
  }
}

/** Category ids that exist (settings check the categories they name). */
export async function existingCategoryIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return new Set(rows.map((r) => r.id));
}

export const topLevelCategories = (db: Db) => db.select({ id: categories.id }).from(categories).where(isNull(categories.parentId));
