import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { leadSources, type LeadStats, type leadStatsQuery } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { dayStart } from '../../platform/sql.js';
import { leads, leadStageHistory, leadStages } from './leads.table.js';
import { leadScope } from './leads.service.js';

const nextDay = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

/**
 * Per source, the leads created in the period and how many of them were won and lost (conversion =
 * won ÷ ended); per stage, the leads in it now, the stays that began in the period and their mean
 * length in days (a stay not ended counts until now).
 */
export async function leadStats(db: Db, actor: Actor, query: z.output<typeof leadStatsQuery>, now = new Date()): Promise<LeadStats> {
  const from = query.from ? dayStart(query.from) : undefined;
  const to = query.to ? nextDay(query.to) : undefined;
  const scope = leadScope(actor);
  const kind = sql<string>`(select s.kind from ${leadStages} s where s.id = ${leads.stageId})`;
  const stays = db
    .select({
      toStageId: leadStageHistory.toStageId,
      at: leadStageHistory.at,
      days: sql<number>`extract(epoch from (coalesce(lead(${leadStageHistory.at}) over (partition by ${leadStageHistory.leadId} order by ${leadStageHistory.at}, ${leadStageHistory.id}), ${now.toISOString()}::timestamptz) - ${leadStageHistory.at})) / 86400`.as(
        'days',
      ),
    })
    .from(leadStageHistory)
    .innerJoin(leads, eq(leads.id, leadStageHistory.leadId))
    .where(scope)
    .as('stays');
  const [sources, current, entered] = await Promise.all([
    db
      .select({
        source: leads.source,
        total: count(),
        won: sql<number>`count(*) filter (where ${kind} = 'won')::int`,
        lost: sql<number>`count(*) filter (where ${kind} = 'lost')::int`,
      })
      .from(leads)
      .where(and(scope, from ? gte(leads.createdAt, from) : undefined, to ? lt(leads.createdAt, to) : undefined))
      .groupBy(leads.source),
    db.select({ stageId: leads.stageId, n: count() }).from(leads).where(scope).groupBy(leads.stageId),
    db
      .select({ stageId: stays.toStageId, n: count(), avgDays: sql<number | null>`round(avg(${stays.days})::numeric, 1)::float8` })
      .from(stays)
      .where(and(from ? gte(stays.at, from) : undefined, to ? lt(stays.at, to) : undefined))
      .groupBy(stays.toStageId),
  ]);
  const stages = await db.select({ id: leadStages.id }).from(leadStages).orderBy(leadStages.position);
  return {
    bySource: leadSources.map((source) => {
      const row = sources.find((s) => s.source === source);
      const won = row?.won ?? 0;
      const lost = row?.lost ?? 0;
      return { source, total: row?.total ?? 0, won, lost, conversionRate: won + lost > 0 ? Math.round((won / (won + lost)) * 1000) / 10 : null };
    }),
    byStage: stages.map((s) => {
      const stay = entered.find((e) => e.stageId === s.id);
      return { stageId: s.id, count: current.find((c) => c.stageId === s.id)?.n ?? 0, entered: stay?.n ?? 0, avgDays: stay?.avgDays ?? null };
    }),
  };
}
