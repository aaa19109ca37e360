import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { KnowledgeCategory, saveKnowledgeCategoryBody } from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { qualified as q } from '../../platform/sql.js';
import { knowledgeArticles, knowledgeCategories } from './knowledge.table.js';

type SaveCategory = z.output<typeof saveKnowledgeCategoryBody>;

const columns = {
  id: knowledgeCategories.id,
  parentId: knowledgeCategories.parentId,
  name: knowledgeCategories.name,
  position: knowledgeCategories.position,
  articleCount: sql<number>`(select count(*)::int from ${knowledgeArticles} a where a.category_id = ${q(knowledgeCategories.id)})`,
};

/** GET /api/knowledge/categories: the whole tree, each level in its order. */
export async function listCategories(db: Db): Promise<{ items: KnowledgeCategory[] }> {
  return { items: await db.select(columns).from(knowledgeCategories).orderBy(asc(knowledgeCategories.position), asc(knowledgeCategories.id)) };
}

async function categoryById(db: Db, id: number): Promise<KnowledgeCategory> {
  const [row] = await db.select(columns).from(knowledgeCategories).where(eq(knowledgeCategories.id, id));
  if (!row) throw notFound();
  return row;
}

/** The parent exists and is not the category itself or under it (the tree stays a tree). */
async function assertParent(db: Db, id: number | null, parentId: number | null) {
  if (parentId === null) return;
  const chain = await queryRows<{ id: number }>(
    db,
    sql`with recursive up(id, parent_id) as (select id, parent_id from ${knowledgeCategories} where id = ${parentId}
        union all select c.id, c.parent_id from ${knowledgeCategories} c join up on c.id = up.parent_id) select id from up`,
  );
  const ids = chain.map((r) => Number(r.id));
  if (!ids.length || (id !== null && ids.includes(id))) throw fieldError('VALIDATION_FAILED', 'parentId', 'invalidOption');
}

const nameOf = (input: SaveCategory) => ({
  ru: input.name.ru,
  en: input.name.en || input.name.ru,
  'uz-Latn': input.name['uz-Latn'] || input.name.ru,
  'uz-Cyrl': input.name['uz-Cyrl'] || input.name.ru,
});

export async function createCategory(db: Db, actor: Actor, input: SaveCategory): Promise<KnowledgeCategory> {
  await assertParent(db, null, input.parentId);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(knowledgeCategories)
      .values({ parentId: input.parentId, name: nameOf(input), position: input.position })
      .returning({ id: knowledgeCategories.id });
    await recordAudit(tx, actor, { entity: 'knowledgeCategory', entityId: created!.id, action: 'create', after: input });
    return created!.id;
  });
  return categoryById(db, id);
}

export async function updateCategory(db: Db, actor: Actor, id: number, input: SaveCategory): Promise<KnowledgeCategory> {
  const before = await categoryById(db, id);
  await assertParent(db, id, input.parentId);
  await db.transaction(async (tx) => {
    await tx
      .update(knowledgeCategories)
      .set({ parentId: input.parentId, name: nameOf(input), position: input.position })
      .where(eq(knowledgeCategories.id, id));
    await recordAudit(tx, actor, { entity: 'knowledgeCategory', entityId: id, action: 'update', before, after: input });
  });
  return categoryById(db, id);
}

/** A category with articles or subcategories stays (IN_USE). */
export async function deleteCategory(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await categoryById(db, id);
  const [child] = await db.select({ id: knowledgeCategories.id }).from(knowledgeCategories).where(eq(knowledgeCategories.parentId, id)).limit(1);
  if (child || before.articleCount > 0) throw new AppError('IN_USE');
  await db.transaction(async (tx) => {
    await tx.delete(knowledgeCategories).where(eq(knowledgeCategories.id, id));
    await recordAudit(tx, actor, { entity: 'knowledgeCategory', entityId: id, action: 'delete', before });
  });
}
