import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  languages,
  searchText,
  type Article,
  type ArticleSummary,
  type ArticleTranslations,
  type ArticleVersion,
  type Language,
  type LocalizedText,
  type Paged,
  type listArticlesQuery,
  type saveArticleBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { searchCondition, searchRank } from '../../platform/search.js';
import { isoInstant, qualified as q } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { categories, producers, products } from '../catalog/catalog.table.js';
import { sanitizeArticleHtml, textOfHtml } from './knowledge-html.js';
import { listAttachments } from './knowledge-attachments.service.js';
import {
  knowledgeArticleCategories,
  knowledgeArticleProducers,
  knowledgeArticleProducts,
  knowledgeArticles,
  knowledgeArticleVersions,
  knowledgeCategories,
} from './knowledge.table.js';

type SaveArticle = z.output<typeof saveArticleBody>;

const titlesOf = (translations: ArticleTranslations) =>
  Object.fromEntries(Object.entries(translations).map(([lng, t]) => [lng, t.title])) as Partial<Record<Language, string>>;

/** The texts as kept: titles trimmed, HTML sanitized, in the order of the languages. */
function cleanTranslations(input: SaveArticle['translations']): ArticleTranslations {
  const out: ArticleTranslations = {};
  for (const lng of languages) {
    const t = input[lng];
    if (t) out[lng] = { title: t.title.trim(), body: sanitizeArticleHtml(t.body) };
  }
  return out;
}

/** What the search looks in: every title and text in every language (decision 028: any script finds it). */
export function articleKeys(translations: ArticleTranslations) {
  const all = Object.values(translations);
  return {
    searchKey: searchText(...all.flatMap((t) => [t.title, textOfHtml(t.body)])),
    titleKey: searchText(...all.map((t) => t.title)),
  };
}

/** Languages whose title or text differ between two saves (one added or removed counts). */
function changedLanguages(before: ArticleTranslations, after: ArticleTranslations): Language[] {
  return languages.filter((lng) => before[lng]?.title !== after[lng]?.title || before[lng]?.body !== after[lng]?.body);
}

const summaryColumns = {
  id: knowledgeArticles.id,
  categoryId: knowledgeArticles.categoryId,
  translations: knowledgeArticles.translations,
  version: knowledgeArticles.version,
  updatedAt: isoInstant(knowledgeArticles.updatedAt),
  updatedByName: sql<string | null>`(select u.full_name from ${users} u where u.id = ${q(knowledgeArticles.updatedBy)})`,
};

/** A category and everything under it. */
const inCategoryTree = (categoryId: number) =>
  sql`${knowledgeArticles.categoryId} in (with recursive sub(id) as (select ${categoryId}::int union all select c.id from ${knowledgeCategories} c join sub on c.parent_id = sub.id) select id from sub)`;

/** GET /api/knowledge/articles: a category's tree, a product's articles, a search in titles and text; newest change first. */
export async function listArticles(db: Db, query: z.output<typeof listArticlesQuery>): Promise<Paged<ArticleSummary>> {
  const where = and(
    query.categoryId ? inCategoryTree(query.categoryId) : undefined,
    query.productId
      ? sql`exists (select 1 from ${knowledgeArticleProducts} p where p.article_id = ${q(knowledgeArticles.id)} and p.product_id = ${query.productId})`
      : undefined,
    query.q ? searchCondition(knowledgeArticles.searchKey, query.q) : undefined,
  );
  const order: SQL[] = query.q ? [searchRank(knowledgeArticles.titleKey, knowledgeArticles.searchKey, query.q)] : [];
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(knowledgeArticles)
      .where(where)
      .orderBy(...order, desc(knowledgeArticles.updatedAt), desc(knowledgeArticles.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(knowledgeArticles).where(where),
  ]);
  const items = rows.map(({ translations, ...row }) => ({ ...row, titles: titlesOf(translations) }));
  return { items, total: total?.n ?? 0, page: query.page, size: query.size };
}

/** GET /api/knowledge/articles/:id: every language, its links and files. */
export async function getArticle(db: Db | Tx, id: number): Promise<Article> {
  const [row] = await db
    .select({ ...summaryColumns, createdAt: isoInstant(knowledgeArticles.createdAt) })
    .from(knowledgeArticles)
    .where(eq(knowledgeArticles.id, id));
  if (!row) throw notFound();
  const [linkedProducts, linkedProducers, linkedCategories, attachments] = await Promise.all([
    db
      .select({ id: products.id, name: products.name })
      .from(knowledgeArticleProducts)
      .innerJoin(products, eq(products.id, knowledgeArticleProducts.productId))
      .where(eq(knowledgeArticleProducts.articleId, id))
      .orderBy(products.name),
    db
      .select({ id: producers.id, name: producers.name })
      .from(knowledgeArticleProducers)
      .innerJoin(producers, eq(producers.id, knowledgeArticleProducers.producerId))
      .where(eq(knowledgeArticleProducers.articleId, id))
      .orderBy(producers.name),
    db
      .select({ id: categories.id, name: sql<LocalizedText>`${categories.name}` })
      .from(knowledgeArticleCategories)
      .innerJoin(categories, eq(categories.id, knowledgeArticleCategories.categoryId))
      .where(eq(knowledgeArticleCategories.articleId, id))
      .orderBy(categories.id),
    listAttachments(db, id),
  ]);
  return { ...row, products: linkedProducts, producers: linkedProducers, productCategories: linkedCategories, attachments };
}

/** The article's category, products, producers and product categories exist, or the field naming them is refused. */
async function assertReferences(tx: Tx, input: SaveArticle) {
  const exists = async (table: typeof knowledgeCategories | typeof products | typeof producers | typeof categories, ids: number[]) => {
    if (!ids.length) return true;
    const [found] = await tx.select({ n: count() }).from(table).where(inArray(table.id, ids));
    return (found?.n ?? 0) === ids.length;
  };
  if (!(await exists(knowledgeCategories, [input.categoryId]))) throw fieldError('VALIDATION_FAILED', 'categoryId', 'invalidOption');
  if (!(await exists(products, input.productIds))) throw fieldError('VALIDATION_FAILED', 'productIds', 'productUnknown');
  if (!(await exists(producers, input.producerIds))) throw fieldError('VALIDATION_FAILED', 'producerIds', 'invalidOption');
  if (!(await exists(categories, input.productCategoryIds))) throw fieldError('VALIDATION_FAILED', 'productCategoryIds', 'invalidOption');
}

async function writeLinks(tx: Tx, articleId: number, input: Pick<SaveArticle, 'productIds' | 'producerIds' | 'productCategoryIds'>) {
  await tx.delete(knowledgeArticleProducts).where(eq(knowledgeArticleProducts.articleId, articleId));
  await tx.delete(knowledgeArticleProducers).where(eq(knowledgeArticleProducers.articleId, articleId));
  await tx.delete(knowledgeArticleCategories).where(eq(knowledgeArticleCategories.articleId, articleId));
  if (input.productIds.length) await tx.insert(knowledgeArticleProducts).values(input.productIds.map((productId) => ({ articleId, productId })));
  if (input.producerIds.length) await tx.insert(knowledgeArticleProducers).values(input.producerIds.map((producerId) => ({ articleId, producerId })));
  if (input.productCategoryIds.length)
    await tx.insert(knowledgeArticleCategories).values(input.productCategoryIds.map((categoryId) => ({ articleId, categoryId })));
}

/** POST /api/knowledge/articles: the article, its links and its first version. */
export async function createArticle(db: Db, actor: Actor, input: SaveArticle): Promise<Article> {
  const translations = cleanTranslations(input.translations);
  const id = await db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const [created] = await tx
      .insert(knowledgeArticles)
      .values({ categoryId: input.categoryId, translations, ...articleKeys(translations), version: 1, createdBy: actor.id, updatedBy: actor.id })
      .returning({ id: knowledgeArticles.id });
    const articleId = created!.id;
    await writeLinks(tx, articleId, input);
    await tx.insert(knowledgeArticleVersions).values({
      articleId,
      version: 1,
      categoryId: input.categoryId,
      translations,
      changedLanguages: changedLanguages({}, translations),
      userId: actor.id,
    });
    await recordAudit(tx, actor, {
      entity: 'knowledgeArticle',
      entityId: articleId,
      action: 'create',
      after: { categoryId: input.categoryId, titles: titlesOf(translations) },
    });
    return articleId;
  });
  return getArticle(db, id);
}

/** Writes new texts (and category) as the article's next version; the row is locked so two saves number their versions apart. */
async function saveVersion(
  tx: Tx,
  actor: Actor,
  id: number,
  next: { categoryId: number; translations: ArticleTranslations; restoredFrom?: number; baseVersion?: number | undefined },
) {
  const [current] = await tx
    .select({ translations: knowledgeArticles.translations, version: knowledgeArticles.version, categoryId: knowledgeArticles.categoryId })
    .from(knowledgeArticles)
    .where(eq(knowledgeArticles.id, id))
    .for('update');
  if (!current) throw notFound();
  if (next.baseVersion !== undefined && next.baseVersion !== current.version) throw fieldError('CONFLICT', 'baseVersion', 'changedMeanwhile');
  const version = current.version + 1;
  await tx
    .update(knowledgeArticles)
    .set({
      categoryId: next.categoryId,
      translations: next.translations,
      ...articleKeys(next.translations),
      version,
      updatedBy: actor.id,
      updatedAt: sql`now()`,
    })
    .where(eq(knowledgeArticles.id, id));
  await tx.insert(knowledgeArticleVersions).values({
    articleId: id,
    version,
    categoryId: next.categoryId,
    translations: next.translations,
    changedLanguages: changedLanguages(current.translations, next.translations),
    restoredFrom: next.restoredFrom ?? null,
    userId: actor.id,
  });
  await recordAudit(tx, actor, {
    entity: 'knowledgeArticle',
    entityId: id,
    action: next.restoredFrom ? 'restore' : 'update',
    before: { categoryId: current.categoryId, titles: titlesOf(current.translations) },
    after: { categoryId: next.categoryId, titles: titlesOf(next.translations), version },
  });
}

/** PUT /api/knowledge/articles/:id: a new version of its texts, its links replaced. */
export async function updateArticle(db: Db, actor: Actor, id: number, input: SaveArticle): Promise<Article> {
  const translations = cleanTranslations(input.translations);
  await db.transaction(async (tx) => {
    await assertReferences(tx, input);
    await saveVersion(tx, actor, id, { categoryId: input.categoryId, translations, baseVersion: input.baseVersion });
    await writeLinks(tx, id, input);
  });
  return getArticle(db, id);
}

/** POST /api/knowledge/articles/:id/versions/:versionId/restore: that version's texts become the newest version (its category, while it exists). */
export async function restoreArticleVersion(db: Db, actor: Actor, id: number, versionId: number): Promise<Article> {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(knowledgeArticleVersions)
      .where(and(eq(knowledgeArticleVersions.id, versionId), eq(knowledgeArticleVersions.articleId, id)));
    if (!old) throw notFound();
    const [category] = await tx.select({ id: knowledgeCategories.id }).from(knowledgeCategories).where(eq(knowledgeCategories.id, old.categoryId));
    const [current] = await tx.select({ categoryId: knowledgeArticles.categoryId }).from(knowledgeArticles).where(eq(knowledgeArticles.id, id));
    if (!current) throw notFound();
    await saveVersion(tx, actor, id, { categoryId: category ? old.categoryId : current.categoryId, translations: old.translations, restoredFrom: old.version });
  });
  return getArticle(db, id);
}

/** GET /api/knowledge/articles/:id/versions: newest first. */
export async function listArticleVersions(db: Db, id: number): Promise<{ items: ArticleVersion[] }> {
  const [article] = await db.select({ id: knowledgeArticles.id }).from(knowledgeArticles).where(eq(knowledgeArticles.id, id));
  if (!article) throw notFound();
  const rows = await db
    .select({
      id: knowledgeArticleVersions.id,
      version: knowledgeArticleVersions.version,
      userName: sql<string | null>`(select u.full_name from ${users} u where u.id = ${q(knowledgeArticleVersions.userId)})`,
      at: isoInstant(knowledgeArticleVersions.at),
      changedLanguages: knowledgeArticleVersions.changedLanguages,
      restoredFrom: knowledgeArticleVersions.restoredFrom,
      translations: knowledgeArticleVersions.translations,
    })
    .from(knowledgeArticleVersions)
    .where(eq(knowledgeArticleVersions.articleId, id))
    .orderBy(desc(knowledgeArticleVersions.version));
  return { items: rows.map(({ translations, ...row }) => ({ ...row, titles: titlesOf(translations) })) };
}

/** DELETE /api/knowledge/articles/:id: with its versions, links and files. */
export async function deleteArticle(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(knowledgeArticles)
      .where(eq(knowledgeArticles.id, id))
      .returning({ categoryId: knowledgeArticles.categoryId, translations: knowledgeArticles.translations });
    if (!gone) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'knowledgeArticle',
      entityId: id,
      action: 'delete',
      before: { categoryId: gone.categoryId, titles: titlesOf(gone.translations) },
    });
  });
}
