import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  duplicateReasons,
  duplicateRadiusM,
  firstVisitStart,
  searchText,
  type checkLeadDuplicatesBody,
  type convertLeadBody,
  type ConvertedLead,
  type createLeadBody,
  type Lead,
  type LeadDuplicates,
  type moveLeadBody,
  type saveLeadBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { recordAudit, recordAudits } from '../../platform/audit/audit.js';
import { inScope } from '../../platform/scope.js';
import { users } from '../users/users.table.js';
import { assertDistrictInRegion } from '../territories/territories.service.js';
import { duplicateNameSimilarity, findDuplicates } from '../organizations/organizations.service.js';
import { createOrganization } from '../organizations/organization-writes.service.js';
import { assertRepresentative, planVisit } from '../visits/visit-plan.service.js';
import { leads, leadStageHistory, leadStages } from './leads.table.js';
import { getLead, leadScope } from './leads.service.js';

type SaveLead = z.output<typeof saveLeadBody>;

const keysOf = (input: SaveLead) => ({
  searchKey: searchText(input.name, input.contactPerson, input.inn, ...input.phones, ...input.phones.map((p) => p.slice(4)), input.address),
  nameKey: searchText(input.name),
});

const rowOf = (input: SaveLead) => ({
  name: input.name,
  type: input.type,
  contactPerson: input.contactPerson ?? null,
  phones: [...new Set(input.phones)],
  regionId: input.regionId,
  districtId: input.districtId,
  address: input.address ?? null,
  lat: input.lat ?? null,
  lng: input.lng ?? null,
  inn: input.inn ?? null,
  source: input.source,
  notes: input.notes ?? null,
  ...keysOf(input),
});

/** The assignee: oneself by default; someone else only within one's scope (own → oneself, team → the team). */
async function assigneeOf(db: Db, actor: Actor, assignedTo: number | null | undefined): Promise<number> {
  const id = assignedTo ?? actor.id;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true), inScope(actor, users.id)));
  if (!row) throw fieldError('VALIDATION_FAILED', 'assignedTo', 'leadAssigneeOutOfScope');
  return id;
}

async function stageOf(db: Tx, id: number | null | undefined) {
  const [row] = id
    ? await db.select().from(leadStages).where(eq(leadStages.id, id))
    : await db.select().from(leadStages).where(eq(leadStages.kind, 'open')).orderBy(leadStages.position).limit(1);
  if (!row) throw fieldError('VALIDATION_FAILED', 'stageId', 'invalidOption');
  return row;
}

export async function createLead(db: Db, actor: Actor, input: z.output<typeof createLeadBody>): Promise<Lead> {
  await assertDistrictInRegion(db, input.regionId, input.districtId);
  const assignedTo = await assigneeOf(db, actor, input.assignedTo);
  const stage = await stageOf(db, input.stageId);
  if (stage.kind === 'lost') throw fieldError('LEAD_LOST_REASON_REQUIRED', 'stageId', 'reasonRequired');
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(leads)
      .values({ ...rowOf(input), assignedTo, stageId: stage.id, createdBy: actor.id })
      .returning();
    await tx.insert(leadStageHistory).values({ leadId: created!.id, toStageId: stage.id, userId: actor.id });
    await recordAudit(tx, actor, { entity: 'lead', entityId: created!.id, action: 'create', after: { ...input, assignedTo } });
    return created!.id;
  });
  return getLead(db, actor, id);
}

/**
 * Leads of an import, all in one transaction (all or none) and in a few statements: the rows are
 * checked by the import first (district in region, fields); every lead goes to the first open stage
 * and to the importer, as a lead created on the screen without a stage or an assignee does.
 */
export async function createLeads(db: Db, actor: Actor, inputs: readonly z.output<typeof createLeadBody>[]): Promise<number> {
  if (!inputs.length) return 0;
  const assignedTo = await assigneeOf(db, actor, undefined);
  const stage = await stageOf(db, undefined);
  await db.transaction(async (tx) => {
    // a batch keeps each statement's parameters under the driver's limit
    for (let i = 0; i < inputs.length; i += 500) {
      const batch = inputs.slice(i, i + 500);
      const created = await tx
        .insert(leads)
        .values(batch.map((input) => ({ ...rowOf(input), assignedTo, stageId: stage.id, createdBy: actor.id })))
        .returning({ id: leads.id });
      await tx.insert(leadStageHistory).values(created.map((c) => ({ leadId: c.id, toStageId: stage.id, userId: actor.id })));
      await recordAudits(
        tx,
        actor,
        created.map((c, k) => ({ entity: 'lead', entityId: c.id, action: 'create', after: { ...batch[k], assignedTo } })),
      );
    }
  });
  return inputs.length;
}

export async function updateLead(db: Db, actor: Actor, id: number, input: SaveLead): Promise<Lead> {
  const before = await getLead(db, actor, id);
  await assertDistrictInRegion(db, input.regionId, input.districtId);
  const assignedTo = input.assignedTo === before.assignedTo ? before.assignedTo : await assigneeOf(db, actor, input.assignedTo);
  await db.transaction(async (tx) => {
    await tx
      .update(leads)
      .set({ ...rowOf(input), assignedTo, updatedAt: new Date() })
      .where(eq(leads.id, id));
    const { history: _h, ...plain } = before;
    await recordAudit(tx, actor, { entity: 'lead', entityId: id, action: 'update', before: plain, after: { ...input, assignedTo } });
  });
  return getLead(db, actor, id);
}

/** A converted lead stays: it is the organization's history. */
export async function deleteLead(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getLead(db, actor, id);
  if (before.organizationId) throw new AppError('LEAD_ALREADY_CONVERTED');
  await db.transaction(async (tx) => {
    await tx.delete(leads).where(eq(leads.id, id));
    const { history: _h, ...plain } = before;
    await recordAudit(tx, actor, { entity: 'lead', entityId: id, action: 'delete', before: plain });
  });
}

/** To another stage: lost needs a reason; a converted lead stays won. */
export async function moveLead(db: Db, actor: Actor, id: number, input: z.output<typeof moveLeadBody>): Promise<Lead> {
  await db.transaction(async (tx) => {
    const before = await getLead(tx, actor, id);
    const stage = await stageOf(tx, input.stageId);
    if (stage.id === before.stageId && stage.kind !== 'lost') return;
    if (before.organizationId) throw new AppError('LEAD_ALREADY_CONVERTED');
    if (stage.kind === 'lost' && !input.lostReason) throw fieldError('LEAD_LOST_REASON_REQUIRED', 'lostReason', 'reasonRequired');
    const lostReason = stage.kind === 'lost' ? input.lostReason! : null;
    await tx.update(leads).set({ stageId: stage.id, lostReason, stageChangedAt: new Date(), updatedAt: new Date() }).where(eq(leads.id, id));
    await tx.insert(leadStageHistory).values({ leadId: id, fromStageId: before.stageId, toStageId: stage.id, userId: actor.id, lostReason });
    await recordAudit(tx, actor, {
      entity: 'lead',
      entityId: id,
      action: 'update',
      before: { stageId: before.stageId },
      after: { stageId: stage.id, lostReason },
    });
  });
  return getLead(db, actor, id);
}

const earth = sql`ll_to_earth(${leads.lat}, ${leads.lng})`;

/** Organizations (their rule, and the same phone) and other leads with the same inn or phone, or a similar name within 50 m. */
export async function checkLeadDuplicates(db: Db, actor: Actor, input: z.output<typeof checkLeadDuplicatesBody>): Promise<LeadDuplicates> {
  const point = input.lat != null && input.lng != null ? { lat: input.lat, lng: input.lng } : null;
  const sameInn = input.inn ? sql`${leads.inn} = ${input.inn}` : sql`false`;
  const samePhone = input.phones.length ? sql`${leads.phones} && ${`{${input.phones.join(',')}}`}::text[]` : sql`false`;
  const at = point ? sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)` : null;
  const similarNearby = at
    ? sql`(earth_box(${at}, ${duplicateRadiusM}::float8) @> ${earth} and earth_distance(${earth}, ${at}) <= ${duplicateRadiusM}::float8
        and similarity(${leads.nameKey}, ${searchText(input.name)}) >= ${duplicateNameSimilarity})`
    : sql`false`;
  const scope = leadScope(actor);
  const [organizations, leadRows] = await Promise.all([
    findDuplicates(db, actor, { name: input.name, inn: input.inn ?? undefined, phones: input.phones, lat: input.lat, lng: input.lng }),
    db
      .select({
        id: leads.id,
        name: leads.name,
        stageId: leads.stageId,
        inn: sql<boolean>`${sameInn}`,
        phone: sql<boolean>`${samePhone}`,
        nameNearby: sql<boolean>`${similarNearby}`,
        visible: scope ? sql<boolean>`(${scope})` : sql<boolean>`true`,
      })
      .from(leads)
      .where(and(or(sameInn, samePhone, similarNearby), isNull(leads.organizationId), input.excludeId ? ne(leads.id, input.excludeId) : undefined))
      .orderBy(sql`${leads.id} desc`)
      .limit(20),
  ]);
  return {
    organizations,
    leads: leadRows.map(({ inn, phone, nameNearby, ...r }) => ({ ...r, reasons: duplicateReasons.filter((k) => ({ inn, phone, nameNearby })[k]) })),
  };
}

/**
 * A won lead becomes an organization through the organization rules and its duplicate check (a likely
 * duplicate answers 409 LIKELY_DUPLICATE until confirmed), then its first visit is planned.
 */
export async function convertLead(db: Db, actor: Actor, id: number, input: z.output<typeof convertLeadBody>): Promise<ConvertedLead> {
  const current = await getLead(db, actor, id);
  if (current.organizationId) throw new AppError('LEAD_ALREADY_CONVERTED');
  if (current.stageKind !== 'won') throw new AppError('LEAD_NOT_WON');
  const visit = input.firstVisit;
  if (visit) {
    try {
      await assertRepresentative(db, actor, visit.representativeId);
    } catch {
      throw fieldError('VALIDATION_FAILED', 'firstVisit.representativeId', 'invalidOption');
    }
  }
  const organization = await createOrganization(db, actor, input.organization);
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(leads)
      .set({ organizationId: organization.id, convertedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(leads.id, id), isNull(leads.organizationId)))
      .returning({ id: leads.id });
    if (rows.length) await recordAudit(tx, actor, { entity: 'lead', entityId: id, action: 'update', after: { organizationId: organization.id } });
    return rows.length > 0;
  });
  // another user converted it at the same moment: theirs stands (the organization made here is the duplicate check's to find)
  if (!claimed) throw new AppError('LEAD_ALREADY_CONVERTED');
  if (!visit) return { organizationId: organization.id, visitId: null };
  const planned = await planVisit(db, actor, {
    organizationId: organization.id,
    representativeId: visit.representativeId,
    doctorIds: [],
    plannedStart: `${visit.date}T${firstVisitStart}:00+05:00`,
    plannedEnd: new Date(new Date(`${visit.date}T${firstVisitStart}:00+05:00`).getTime() + 30 * 60_000).toISOString(),
    comment: null,
  });
  return { organizationId: organization.id, visitId: planned.id };
}
