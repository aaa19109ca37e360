import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { maxKnowledgeAttachmentBytes, type KnowledgeAttachment, type addKnowledgeAttachmentBody } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { isFileOfType } from '../../platform/file-signatures.js';
import { isoInstant } from '../../platform/sql.js';
import { knowledgeArticles, knowledgeAttachments } from './knowledge.table.js';

const columns = {
  id: knowledgeAttachments.id,
  name: knowledgeAttachments.name,
  contentType: knowledgeAttachments.contentType,
  size: knowledgeAttachments.size,
  createdAt: isoInstant(knowledgeAttachments.createdAt),
};

export function listAttachments(db: Db | Tx, articleId: number): Promise<KnowledgeAttachment[]> {
  return db.select(columns).from(knowledgeAttachments).where(eq(knowledgeAttachments.articleId, articleId)).orderBy(asc(knowledgeAttachments.id));
}

/**
 * POST /api/knowledge/articles/:id/attachments: a PDF or an image up to maxKnowledgeAttachmentBytes,
 * whose first bytes are those of its type (decision 052); refused on the field `data` otherwise.
 */
export async function addAttachment(db: Db, actor: Actor, articleId: number, input: z.output<typeof addKnowledgeAttachmentBody>): Promise<KnowledgeAttachment> {
  const data = Buffer.from(input.data, 'base64');
  if (data.length > maxKnowledgeAttachmentBytes) throw fieldError('VALIDATION_FAILED', 'data', 'attachmentTooLarge');
  if (!isFileOfType(data, input.contentType)) throw fieldError('VALIDATION_FAILED', 'data', 'attachmentType');
  return db.transaction(async (tx) => {
    const [article] = await tx.select({ id: knowledgeArticles.id }).from(knowledgeArticles).where(eq(knowledgeArticles.id, articleId));
    if (!article) throw notFound();
    const [created] = await tx
      .insert(knowledgeAttachments)
      .values({ articleId, name: input.name, contentType: input.contentType, size: data.length, data, createdBy: actor.id })
      .returning(columns);
    await recordAudit(tx, actor, {
      entity: 'knowledgeAttachment',
      entityId: created!.id,
      action: 'create',
      after: { articleId, name: input.name, size: data.length },
    });
    return created!;
  });
}

/** GET /api/knowledge/attachments/:id: the file's bytes. */
export async function getAttachment(db: Db, id: number) {
  const [file] = await db
    .select({ name: knowledgeAttachments.name, contentType: knowledgeAttachments.contentType, data: knowledgeAttachments.data })
    .from(knowledgeAttachments)
    .where(eq(knowledgeAttachments.id, id));
  if (!file) throw notFound();
  return file;
}

/** DELETE /api/knowledge/attachments/:id */
export async function removeAttachment(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(knowledgeAttachments)
      .where(eq(knowledgeAttachments.id, id))
      .returning({ articleId: knowledgeAttachments.articleId, name: knowledgeAttachments.name });
    if (!gone) throw notFound();
    await recordAudit(tx, actor, { entity: 'knowledgeAttachment', entityId: id, action: 'delete', before: gone });
  });
}
