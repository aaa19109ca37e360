import { sql } from 'drizzle-orm';
import { latinToCyrillic, type ArticleTranslations } from '@pharma/contracts';
import { queryRows, type Db } from '../db/client.js';
import { knowledgeArticleProducts, knowledgeArticles, knowledgeArticleVersions, knowledgeCategories } from '../modules/knowledge/knowledge.table.js';
import { articleKeys } from '../modules/knowledge/knowledge.service.js';
import { guides, knowledgeGroups, monographs, type KnowledgeGroup, type Monograph } from './knowledge-articles.js';

const named = (ru: string, en: string, uz: string) => ({ ru, en, 'uz-Latn': uz, 'uz-Cyrl': latinToCyrillic(uz) });

const ruLabels = {
  kind: 'Группа',
  indications: 'Показания',
  dosage: 'Дозировка',
  adults: 'Взрослым',
  children: 'Детям',
  contraindications: 'Противопоказания',
  key: 'Ключевое сообщение',
};
const uzLabels = {
  kind: 'Guruh',
  indications: 'Koʻrsatmalar',
  dosage: 'Dozalash',
  adults: 'Kattalarga',
  children: 'Bolalarga',
  contraindications: 'Qarshi koʻrsatmalar',
  key: 'Asosiy xabar',
};

/** A monograph's text in one language (0 Russian, 1 Uzbek Latin): what it is, for what, how much, for whom not, and what to say. */
function monographHtml(m: Monograph, i: 0 | 1): string {
  const l = i === 0 ? ruLabels : uzLabels;
  return (
    `<p><strong>${l.kind}:</strong> ${m.kind[i]}.</p>` +
    `<h2>${l.indications}</h2><p>${m.indications[i]}.</p>` +
    `<h2>${l.dosage}</h2><table><tbody><tr><th>${l.adults}</th><td>${m.adults[i]}</td></tr><tr><th>${l.children}</th><td>${m.children[i]}</td></tr></tbody></table>` +
    `<h2>${l.contraindications}</h2><p>${m.contraindications[i]}.</p>` +
    `<h2>${l.key}</h2><blockquote><p>${m.key[i]}.</p></blockquote>`
  );
}

/**
 * The demo's knowledge base: monographs of common medicines by therapeutic group (each linked to the
 * catalog's products of that name) and the sales team's guides, in Russian and Uzbek (Latin). A few
 * multi-row inserts: seeding stays fast.
 */
export async function seedKnowledgeDemo(db: Db) {
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where login = 'admin'`);
  const [root] = await db
    .insert(knowledgeCategories)
    .values([
      { name: named('Монографии препаратов', 'Product monographs', 'Preparatlar monografiyalari'), position: 0 },
      { name: named('Работа представителя', 'Field work', 'Vakil ishi'), position: 1 },
    ])
    .returning({ id: knowledgeCategories.id });
  const [, field] = await queryRows<{ id: number }>(db, sql`select id from knowledge_categories order by id`);
  const groups = Object.keys(knowledgeGroups) as KnowledgeGroup[];
  const groupRows = await db
    .insert(knowledgeCategories)
    .values(groups.map((g, position) => ({ parentId: root!.id, name: named(knowledgeGroups[g].ru, knowledgeGroups[g].en, knowledgeGroups[g].uz), position })))
    .returning({ id: knowledgeCategories.id });
  const groupId = new Map(groups.map((g, i) => [g, groupRows[i]!.id]));

  const drafts: { categoryId: number; translations: ArticleTranslations; product?: string }[] = [
    ...monographs.map((m) => ({
      categoryId: groupId.get(m.group)!,
      product: m.product,
      translations: {
        ru: { title: `${m.product}: монография`, body: monographHtml(m, 0) },
        'uz-Latn': { title: `${m.uz}: monografiya`, body: monographHtml(m, 1) },
      },
    })),
    ...guides.map(([ru, uz, ruBody, uzBody]) => ({
      categoryId: field!.id,
      translations: { ru: { title: ru, body: ruBody }, 'uz-Latn': { title: uz, body: uzBody } },
    })),
  ];
  const articles = await db
    .insert(knowledgeArticles)
    .values(
      drafts.map((d) => ({
        categoryId: d.categoryId,
        translations: d.translations,
        ...articleKeys(d.translations),
        createdBy: admin?.id,
        updatedBy: admin?.id,
      })),
    )
    .returning({ id: knowledgeArticles.id });
  await db.insert(knowledgeArticleVersions).values(
    drafts.map((d, i) => ({
      articleId: articles[i]!.id,
      version: 1,
      categoryId: d.categoryId,
      translations: d.translations,
      changedLanguages: ['ru' as const, 'uz-Latn' as const],
      userId: admin?.id,
    })),
  );
  // each monograph links the catalog's products of its name (a combination only with its own)
  const links = drafts.flatMap((d, i) => (d.product ? [{ articleId: articles[i]!.id, product: d.product }] : []));
  const products = await queryRows<{ id: number; name: string }>(db, sql`select id, name from products`);
  const rows = links.flatMap(({ articleId, product }) =>
    products.filter((p) => p.name.startsWith(`${product} `) && (product.includes('+') || !p.name.includes('+'))).map((p) => ({ articleId, productId: p.id })),
  );
  if (rows.length) await db.insert(knowledgeArticleProducts).values(rows);
}
