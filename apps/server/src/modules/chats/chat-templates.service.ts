import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatTemplate, saveChatTemplateBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { chatTemplates } from './chats.table.js';

type Save = z.output<typeof saveChatTemplateBody>;

export async function listChatTemplates(db: Db): Promise<{ items: ChatTemplate[] }> {
  return { items: await db.select().from(chatTemplates).orderBy(chatTemplates.name, chatTemplates.id) };
}

export async function createChatTemplate(db: Db, actor: Actor, input: Save): Promise<ChatTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(chatTemplates).values(input).returning();
    await recordAudit(tx, actor, { entity: 'chatTemplate', entityId: row!.id, action: 'create', after: input });
    return row!;
  });
}

export async function updateChatTemplate(db: Db, actor: Actor, id: number, input: Save): Promise<ChatTemplate> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(chatTemplates).where(eq(chatTemplates.id, id));
    if (!before) throw notFound();
    const [row] = await tx.update(chatTemplates).set(input).where(eq(chatTemplates.id, id)).returning();
    await recordAudit(tx, actor, { entity: 'chatTemplate', entityId: id, action: 'update', before, after: input });
    return row!;
  });
}

export async function deleteChatTemplate(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(chatTemplates).where(eq(chatTemplates.id, id)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, { entity: 'chatTemplate', entityId: id, action: 'delete', before });
  });
}
