import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, jsonb, timestamp, index, primaryKey, check, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ArticleTranslations, KnowledgeAttachmentType, Language, LocalizedText } from '@pharma/contracts';
import { bytea } from '../../db/columns.js';
import { users } from '../users/users.table.js';
import { categories, producers, products } from '../catalog/catalog.table.js';

/** The knowledge base's tree of categories (any depth), each named in the four languages. */
export const knowledgeCategories = pgTable(
  'knowledge_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => knowledgeCategories.id, { onDelete: 'restrict' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('knowledge_categories_parent_idx').on(t.parentId, t.position)],
);

/** An article: its title and sanitized HTML in each language it is written in. */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => knowledgeCategories.id, { onDelete: 'restrict' }),
    translations: jsonb('translations').$type<ArticleTranslations>().notNull(),
    /** searchText() of every title and text, all languages (decision 028): found in either Uzbek script and Russian */
    searchKey: text('search_key').notNull(),
    /** searchText() of the titles: a match in a title ranks first */
    titleKey: text('title_key').notNull(),
    /** the number of its newest version (knowledge_article_versions) */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_articles_category_idx').on(t.categoryId, t.updatedAt),
    index('knowledge_articles_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
  ],
);

/** Every save of an article: the whole texts as saved, who saved them and which languages changed. */
export const knowledgeArticleVersions = pgTable(
  'knowledge_article_versions',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    categoryId: integer('category_id').notNull(),
    translations: jsonb('translations').$type<ArticleTranslations>().notNull(),
    changedLanguages: text('changed_languages').array().$type<Language[]>().notNull(),
    restoredFrom: integer('restored_from'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('knowledge_article_versions_article_idx').on(t.articleId, t.version)],
);

/** The products an article is about (a monograph, key messages): shown with the product. */
export const knowledgeArticleProducts = pgTable(
  'knowledge_article_products',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.productId] }), index('knowledge_article_products_product_idx').on(t.productId)],
);

export const knowledgeArticleProducers = pgTable(
  'knowledge_article_producers',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.producerId] }), index('knowledge_article_producers_producer_idx').on(t.producerId)],
);

/** Product categories (the catalog's) an article is about. */
export const knowledgeArticleCategories = pgTable(
  'knowledge_article_categories',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.categoryId] }), index('knowledge_article_categories_category_idx').on(t.categoryId)],
);

/** An article's file (a PDF, an image in its text), kept in the database with it (decision 052). */
export const knowledgeAttachments = pgTable(
  'knowledge_attachments',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').$type<KnowledgeAttachmentType>().notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_attachments_article_idx').on(t.articleId),
    check('knowledge_attachments_type_check', sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')`),
  ],
);
