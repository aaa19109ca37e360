import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeadStage, reorderLeadStagesBody, saveLeadStageBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { leads, leadStageHistory, leadStages } from './leads.table.js';

const leadCount = sql<number>`(select count(*)::int from ${leads} l where l.stage_id = ${leadStages.id})`;

/** The pipeline in order: the open stages, then won, then lost. */
export async function listLeadStages(db: Db): Promise<{ items: LeadStage[] }> {
  const items = await db
    .select({ id: leadStages.id, kind: leadStages.kind, name: leadStages.name, position: leadStages.position, leadCount })
    .from(leadStages)
    .orderBy(sql`case ${leadStages.kind} when 'open' then 0 when 'won' then 1 else 2 end`, leadStages.position, leadStages.id);
  return { items };
}

async function stageById(db: Db, id: number): Promise<LeadStage> {
  const stage = (await listLeadStages(db)).items.find((s) => s.id === id);
  if (!stage) throw notFound();
  return stage;
}

/** A new open stage goes last among the open ones. */
export async function createLeadStage(db: Db, actor: Actor, input: z.output<typeof saveLeadStageBody>): Promise<LeadStage> {
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(leadStages)
      .values({ kind: 'open', name: input.name, position: sql`(select coalesce(max(position), 0) + 1 from ${leadStages} where kind = 'open')` })
      .returning({ id: leadStages.id });
    await recordAudit(tx, actor, { entity: 'leadStage', entityId: created!.id, action: 'create', after: input });
    return created!.id;
  });
  return stageById(db, id);
}

export async function renameLeadStage(db: Db, actor: Actor, id: number, input: z.output<typeof saveLeadStageBody>): Promise<LeadStage> {
  const before = await stageById(db, id);
  await db.transaction(async (tx) => {
    await tx.update(leadStages).set({ name: input.name }).where(eq(leadStages.id, id));
    await recordAudit(tx, actor, { entity: 'leadStage', entityId: id, action: 'update', before: { name: before.name }, after: input });
  });
  return stageById(db, id);
}

/** Every open stage, each once, in its new order; won and lost keep the end. */
export async function reorderLeadStages(db: Db, actor: Actor, input: z.output<typeof reorderLeadStagesBody>): Promise<{ items: LeadStage[] }> {
  const open = (await listLeadStages(db)).items.filter((s) => s.kind === 'open');
  if (input.ids.some((id) => !open.some((s) => s.id === id))) throw new AppError('LEAD_STAGE_FIXED');
  if (input.ids.length !== open.length) throw fieldError('VALIDATION_FAILED', 'ids', 'invalidOption');
  await db.transaction(async (tx) => {
    for (const [i, id] of input.ids.entries())
      await tx
        .update(leadStages)
        .set({ position: i + 1 })
        .where(eq(leadStages.id, id));
    await recordAudit(tx, actor, { entity: 'leadStage', entityId: 0, action: 'update', before: { ids: open.map((s) => s.id) }, after: input });
  });
  return listLeadStages(db);
}

/** An open stage no lead is in (or has been through: its history keeps the stage) — else IN_USE. */
export async function deleteLeadStage(db: Db, actor: Actor, id: number): Promise<void> {
  const stage = await stageById(db, id);
  if (stage.kind !== 'open') throw new AppError('LEAD_STAGE_FIXED');
  await db.transaction(async (tx) => {
    const [open] = await tx.select({ n: count() }).from(leadStages).where(eq(leadStages.kind, 'open'));
    if ((open?.n ?? 0) <= 1) throw new AppError('LEAD_STAGE_FIXED');
    const [used] = await tx.select({ n: count() }).from(leads).where(eq(leads.stageId, id));
    const [passed] = await tx.select({ n: count() }).from(leadStageHistory).where(eq(leadStageHistory.toStageId, id));
    if ((used?.n ?? 0) + (passed?.n ?? 0) > 0) throw new AppError('IN_USE');
    await tx.delete(leadStages).where(and(eq(leadStages.id, id), inArray(leadStages.kind, ['open'])));
    await recordAudit(tx, actor, { entity: 'leadStage', entityId: id, action: 'delete', before: stage });
  });
}
