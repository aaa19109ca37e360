import { z } from 'zod';
import { languages, type Language } from './common/languages.js';
import { localizedText } from './common/localized-text.js';
import { pageQuery, paged } from './common/paging.js';
import { queryId, recordId, requiredText } from './common/validation.js';

/**
 * The knowledge base (issue 19): articles in a tree of categories, each in any of the four languages,
 * written in the rich-text editor (HTML the server sanitizes), with files, versions and links to
 * products, producers and product categories.
 */

/** Files an article may carry; each is checked by its first bytes as well (a script renamed .png is refused). */
export const knowledgeAttachmentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type KnowledgeAttachmentType = (typeof knowledgeAttachmentTypes)[number];
/** The largest file an article carries (validation:attachmentTooLarge names it: 10 MB, as a message's). */
export const maxKnowledgeAttachmentBytes = 10 * 1024 * 1024;
/** base64 of maxKnowledgeAttachmentBytes, rounded up to whole groups of 4 */
export const maxKnowledgeAttachmentChars = Math.ceil(maxKnowledgeAttachmentBytes / 3) * 4;
/** The longest body (HTML) of one language. */
export const maxArticleBodyChars = 200_000;
/** Where an article's image is read from: the editor writes it in `<img src>`, the sanitizer keeps only such sources (and https). */
export const knowledgeAttachmentPath = (id: number) => `/api/knowledge/attachments/${id}`;
export const knowledgeAttachmentPathPattern = /^\/api\/knowledge\/attachments\/(\d+)$/;

/** The order a reader is offered an article's languages in: theirs, then Russian, then the rest. */
export function articleLanguageOrder(available: readonly Language[], wanted: Language): Language[] {
  const preferred: Language[] = [wanted, 'ru', ...languages];
  return [...new Set(preferred)].filter((l) => available.includes(l));
}

export const knowledgeCategory = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: localizedText,
  position: z.number().int(),
  /** articles directly in it */
  articleCount: z.number().int(),
});
export type KnowledgeCategory = z.infer<typeof knowledgeCategory>;
export const knowledgeCategoryList = z.object({ items: z.array(knowledgeCategory) });
const categoryName = requiredText(120);
const otherName = z.string().trim().max(120).default('');
export const saveKnowledgeCategoryBody = z.object({
  parentId: recordId().nullable().default(null),
  /** Russian is required; an empty name in another language shows the Russian one */
  name: z.object({ ru: categoryName, en: otherName, 'uz-Latn': otherName, 'uz-Cyrl': otherName }),
  position: z.int32().min(0).default(0),
});
export type SaveKnowledgeCategoryBody = z.input<typeof saveKnowledgeCategoryBody>;

export const articleTranslation = z.object({ title: z.string(), body: z.string() });
export type ArticleTranslation = z.infer<typeof articleTranslation>;
export const articleTranslations = z.partialRecord(z.enum(languages), articleTranslation);
export type ArticleTranslations = z.infer<typeof articleTranslations>;

const linked = z.object({ id: z.number().int(), name: z.string() });
const linkedCategory = z.object({ id: z.number().int(), name: localizedText });

export const articleSummary = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  /** the title in each language it is written in */
  titles: z.partialRecord(z.enum(languages), z.string()),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;
export const articleList = paged(articleSummary);
export type ArticleList = z.infer<typeof articleList>;

export const knowledgeAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.enum(knowledgeAttachmentTypes),
  size: z.number().int(),
  createdAt: z.string(),
});
export type KnowledgeAttachment = z.infer<typeof knowledgeAttachment>;

export const article = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  translations: articleTranslations,
  products: z.array(linked),
  producers: z.array(linked),
  productCategories: z.array(linkedCategory),
  attachments: z.array(knowledgeAttachment),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type Article = z.infer<typeof article>;

export const listArticlesQuery = pageQuery.extend({
  categoryId: queryId().optional(),
  productId: queryId().optional(),
});
export type ListArticlesQuery = z.input<typeof listArticlesQuery>;

const translationBody = z.object({
  title: requiredText(200),
  body: z.string().max(maxArticleBodyChars, { error: 'tooLong' }).default(''),
});
const ids = z
  .array(recordId())
  .max(200)
  .refine((list) => new Set(list).size === list.length, { error: 'duplicate' })
  .default([]);
export const saveArticleBody = z.object({
  categoryId: recordId(),
  /** at least one language; a language left out has no text */
  translations: z.partialRecord(z.enum(languages), translationBody).refine((t) => Object.keys(t).length > 0, { error: 'required' }),
  productIds: ids,
  producerIds: ids,
  productCategoryIds: ids,
  /** the version the editor started from: a save over a newer one is refused (changedMeanwhile) */
  baseVersion: z.int32().positive().optional(),
});
export type SaveArticleBody = z.input<typeof saveArticleBody>;

export const articleVersion = z.object({
  id: z.number().int(),
  version: z.number().int(),
  userName: z.string().nullable(),
  at: z.string(),
  /** languages whose title or text this version changed (added or removed ones too) */
  changedLanguages: z.array(z.enum(languages)),
  /** the version it brought back, when it is a restore */
  restoredFrom: z.number().int().nullable(),
  titles: z.partialRecord(z.enum(languages), z.string()),
});
export type ArticleVersion = z.infer<typeof articleVersion>;
export const articleVersionList = z.object({ items: z.array(articleVersion) });
export const articleVersionParams = z.object({ id: queryId(), versionId: queryId() });

export const addKnowledgeAttachmentBody = z.object({
  name: requiredText(200),
  contentType: z.enum(knowledgeAttachmentTypes, { error: 'attachmentType' }),
  data: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(maxKnowledgeAttachmentChars, { error: 'attachmentTooLarge' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'attachmentType' }),
});
export type AddKnowledgeAttachmentBody = z.input<typeof addKnowledgeAttachmentBody>;
