import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  leadBoardColumnSize,
  leadSortFields,
  parseSort,
  type Lead,
  type LeadBoard,
  type LeadSummary,
  type LocalizedText,
  type Paged,
  type leadBoardQuery,
  type listLeadsQuery,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { searchCondition, searchRank } from '../../platform/search.js';
import { isoInstant, qualified as q } from '../../platform/sql.js';
import { districts, regions } from '../regions/regions.table.js';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { leads, leadStageHistory, leadStages } from './leads.table.js';

/** A lead is seen by whoever it is assigned to, within the data scope (own, team, all); an unassigned one by scope all. */
export const leadScope = (actor: Actor): SQL | undefined => inScope(actor, leads.assignedTo);

const summaryColumns = {
  id: leads.id,
  name: leads.name,
  type: leads.type,
  contactPerson: leads.contactPerson,
  phones: leads.phones,
  regionId: leads.regionId,
  regionName: sql<LocalizedText>`(select r.name from ${regions} r where r.id = ${q(leads.regionId)})`,
  districtId: leads.districtId,
  districtName: sql<LocalizedText>`(select d.name from ${districts} d where d.id = ${q(leads.districtId)})`,
  address: leads.address,
  lat: leads.lat,
  lng: leads.lng,
  inn: leads.inn,
  source: leads.source,
  assignedTo: leads.assignedTo,
  assignedName: sql<string | null>`(select u.full_name from ${users} u where u.id = ${q(leads.assignedTo)})`,
  notes: leads.notes,
  stageId: leads.stageId,
  stageKind: sql<LeadSummary['stageKind']>`(select s.kind from ${leadStages} s where s.id = ${q(leads.stageId)})`,
  lostReason: leads.lostReason,
  stageChangedAt: isoInstant(leads.stageChangedAt),
  organizationId: leads.organizationId,
  organizationName: sql<string | null>`(select o.name from ${organizations} o where o.id = ${q(leads.organizationId)})`,
  createdAt: isoInstant(leads.createdAt),
  updatedAt: isoInstant(leads.updatedAt),
};

type Filters = Pick<z.output<typeof listLeadsQuery>, 'q' | 'source' | 'assignedTo' | 'regionId'>;
function filtersOf(actor: Actor, query: Filters): (SQL | undefined)[] {
  return [
    leadScope(actor),
    query.q ? searchCondition(leads.searchKey, query.q) : undefined,
    query.source ? eq(leads.source, query.source) : undefined,
    query.assignedTo ? eq(leads.assignedTo, query.assignedTo) : undefined,
    query.regionId ? eq(leads.regionId, query.regionId) : undefined,
  ];
}

const sortColumns = { createdAt: leads.createdAt, name: leads.name, stageChangedAt: leads.stageChangedAt };

export async function listLeads(db: Db, actor: Actor, query: z.output<typeof listLeadsQuery>): Promise<Paged<LeadSummary>> {
  const where = and(...filtersOf(actor, query), query.stageId ? eq(leads.stageId, query.stageId) : undefined);
  const { field, desc: descending } = parseSort(query.sort ?? '-createdAt', leadSortFields, 'createdAt');
  const order = query.q && !query.sort ? desc(searchRank(leads.nameKey, leads.searchKey, query.q)) : descending ? desc(sortColumns[field]) : sortColumns[field];
  const [items, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(leads)
      .where(where)
      .orderBy(order, desc(leads.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { items, total: total?.n ?? 0, page: query.page, size: query.size };
}

/** Each stage's count and its latest-moved leads (at most leadBoardColumnSize: the list pages through the rest). */
export async function leadBoard(db: Db, actor: Actor, query: z.output<typeof leadBoardQuery>): Promise<LeadBoard> {
  const where = and(...filtersOf(actor, query));
  const stages = await db.select({ id: leadStages.id }).from(leadStages).orderBy(leadStages.position);
  const ranked = db
    .select({
      id: leads.id,
      rank: sql<number>`row_number() over (partition by ${leads.stageId} order by ${leads.stageChangedAt} desc, ${leads.id} desc)`.as('rank'),
    })
    .from(leads)
    .where(where)
    .as('ranked');
  const [counts, rows] = await Promise.all([
    db.select({ stageId: leads.stageId, n: count() }).from(leads).where(where).groupBy(leads.stageId),
    db
      .select(summaryColumns)
      .from(leads)
      .where(
        inArray(
          leads.id,
          db
            .select({ id: ranked.id })
            .from(ranked)
            .where(sql`${ranked.rank} <= ${leadBoardColumnSize}`),
        ),
      )
      .orderBy(desc(leads.stageChangedAt), desc(leads.id)),
  ]);
  return {
    columns: stages.map((s) => ({
      stageId: s.id,
      total: counts.find((c) => c.stageId === s.id)?.n ?? 0,
      items: rows.filter((r) => r.stageId === s.id),
    })),
  };
}

/** A lead in the actor's scope, with its stage history; 404 otherwise. */
export async function getLead(db: Tx, actor: Actor, id: number): Promise<Lead> {
  const [row] = await db
    .select(summaryColumns)
    .from(leads)
    .where(and(eq(leads.id, id), leadScope(actor)));
  if (!row) throw notFound();
  const history = await db
    .select({
      fromStageId: leadStageHistory.fromStageId,
      toStageId: leadStageHistory.toStageId,
      userName: users.fullName,
      lostReason: leadStageHistory.lostReason,
      at: isoInstant(leadStageHistory.at),
    })
    .from(leadStageHistory)
    .leftJoin(users, eq(users.id, leadStageHistory.userId))
    .where(eq(leadStageHistory.leadId, id))
    .orderBy(desc(leadStageHistory.at), desc(leadStageHistory.id));
  return { ...row, history };
}
