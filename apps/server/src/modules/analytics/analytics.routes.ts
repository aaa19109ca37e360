import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { businessDate, endpoints, monthlySalesPage, type AnalyticsQuery, type Language } from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { answerCache, sendKept } from '../../platform/answer-cache.js';
import type { Actor } from '../../platform/auth.js';
import { serve } from '../../platform/endpoints.js';
import { requestLanguage } from '../../platform/error-handler.js';
import { translate } from '../../platform/i18n.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { analyticsBreakdown, analyticsSummary, analyticsTrend, monthlySales } from './analytics.service.js';
import { breakdownXlsx, monthlySalesXlsx, uncoveredXlsx } from './analytics.xlsx.js';
import { coverageMap, visitTrack } from './coverage.service.js';

const analytics = endpoints.analytics;

type Filters = AnalyticsQuery & { productId?: number; categoryId?: number; producerId?: number };

/** The filters of a request as the sheet's top lines: "Region: Samarqand viloyati", "Client type: Retail" … */
async function filterLines(db: Db, q: Filters, lng: Language): Promise<string[]> {
  const named = async (table: string, column: string, id: number, localized = false) => {
    const [row] = await queryRows<{ name: string }>(
      db,
      sql`select ${localized ? sql`coalesce(${sql.raw(column)}->>${lng}, ${sql.raw(column)}->>'ru')` : sql.raw(column)} as name from ${sql.raw(table)} where id = ${id}`,
    );
    return row?.name ?? `#${id}`;
  };
  const lines: string[] = [];
  const add = (key: string, value: string) => lines.push(`${translate(lng, `analytics:filters.${key}`)}: ${value}`);
  if (q.regionId) add('regionId', await named('regions', 'name', q.regionId, true));
  if (q.districtId) add('districtId', await named('districts', 'name', q.districtId, true));
  if (q.branchId) add('branchId', await named('branches', 'name', q.branchId));
  if (q.teamId) add('teamId', await named('users', 'full_name', q.teamId));
  if (q.representativeId) add('representativeId', await named('users', 'full_name', q.representativeId));
  if (q.clientType) add('clientType', translate(lng, `enums:clientType.${q.clientType}`));
  if (q.organizationType) add('organizationType', translate(lng, `enums:organizationType.${q.organizationType}`));
  if (q.organizationSize) add('organizationSize', translate(lng, `enums:organizationSize.${q.organizationSize}`));
  if (q.productId) add('productId', await named('products', 'name', q.productId));
  if (q.categoryId) add('categoryId', await named('categories', 'name', q.categoryId, true));
  if (q.producerId) add('producerId', await named('producers', 'name', q.producerId));
  return lines;
}

const reportTitle = { region: 'byRegion', branch: 'byBranch', representative: 'byEmployee' } as const;
/** A row's name in a sheet: the record's name, a value's translation, or "Not set". */
const valueName = (by: string, key: string | number | null, name: string | null, lng: Language) => {
  if (key === null) return translate(lng, 'analytics:sheet.notSet');
  if (name) return name;
  const enumOf = { organizationType: 'organizationType', clientType: 'clientType', orderStatus: 'orderStatus' }[by];
  return enumOf ? translate(lng, `enums:${enumOf}.${key}`) : String(key);
};

export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  // reports read the replica when there is one (DATABASE_READ_URL); the figures are aggregates, a moment behind at most
  const db = app.readDb;
  // the same question under the same database snapshot is answered once (decision 039): a manager's
  // reopened report, twenty chiefs opening the month's figures; the overdue debt ages with the day
  const reports = answerCache(db);
  const maps = answerCache(app.db);
  const questionOf = (what: string, req: { actor: Actor; query: unknown }, lng: Language) =>
    `${what}|${req.actor.id}|${lng}|${businessDate()}|${JSON.stringify(req.query)}`;
  const summary = (req: { actor: Actor; query: AnalyticsQuery }) =>
    reports.answer(questionOf('summary', req, 'ru'), () => analyticsSummary(db, req.actor, req.query));
  const breakdown = (req: { actor: Actor; query: Parameters<typeof analyticsBreakdown>[2] }, lng: Language) =>
    reports.answer(questionOf('breakdown', req, lng), () => analyticsBreakdown(db, req.actor, req.query, lng));
  // every row computed and kept once; a page of them is cut per request
  const sales = (req: { actor: Actor; query: Parameters<typeof monthlySales>[2] & { page?: number; size?: number; sort?: string } }, lng: Language) => {
    const { page: _page, size: _size, sort: _sort, ...question } = req.query;
    return reports.answer(questionOf('sales', { actor: req.actor, query: question }, lng), () => monthlySales(db, req.actor, question, lng));
  };
  const coverage = (req: { actor: Actor; query: Parameters<typeof coverageMap>[2] }, lng: Language) =>
    maps.answer(questionOf('coverage', req, lng), () => coverageMap(app.db, req.actor, req.query, lng));

  serve(app, analytics.summary, async (req, reply) => sendKept(reply, analytics.summary.answer, await summary(req)));
  serve(app, analytics.trend, async (req, reply) =>
    sendKept(reply, analytics.trend.answer, await reports.answer(questionOf('trend', req, 'ru'), () => analyticsTrend(db, req.actor, req.query))),
  );
  serve(app, analytics.breakdown, async (req, reply) => sendKept(reply, analytics.breakdown.answer, await breakdown(req, requestLanguage(req))));
  serve(app, analytics.breakdownExport, async (req, reply) => {
    const lng = requestLanguage(req);
    const q = req.query;
    const rows = await breakdown(req, lng);
    const title = translate(lng, `analytics:reports.${reportTitle[q.by as keyof typeof reportTitle] ?? 'general'}`);
    const file = await breakdownXlsx(rows, { title, filters: await filterLines(db, q, lng) }, lng, (row) => valueName(q.by, row.key, row.name, lng));
    return sendXlsx(reply, `report-${q.by}-${q.from}-${q.to}.xlsx`, file);
  });
  serve(app, analytics.monthlySales, async (req) => monthlySalesPage(await sales(req, requestLanguage(req)), req.query));
  serve(app, analytics.monthlySalesExport, async (req, reply) => {
    const lng = requestLanguage(req);
    const q = req.query;
    const answer = await sales(req, lng);
    const title = translate(lng, 'analytics:reports.monthlySales');
    const file = await monthlySalesXlsx(answer, { title, filters: await filterLines(db, q, lng) }, lng, { from: q.from, to: q.to }, (row) =>
      row.key === null ? translate(lng, 'analytics:sheet.notSet') : (row.name ?? String(row.key)),
    );
    return sendXlsx(reply, `monthly-sales-${q.from}-${q.to}.xlsx`, file);
  });
  serve(app, analytics.coverage, async (req, reply) => sendKept(reply, analytics.coverage.answer, await coverage(req, requestLanguage(req))));
  serve(app, analytics.coverageExport, async (req, reply) => {
    const lng = requestLanguage(req);
    const q = req.query;
    const answer = await coverage(req, lng);
    const title = translate(lng, 'analytics:coverage.uncoveredTitle');
    const file = await uncoveredXlsx(answer.uncovered, { title, filters: await filterLines(app.db, q, lng) }, lng, { from: q.from, to: q.to });
    return sendXlsx(reply, `uncovered-${q.from}-${q.to}.xlsx`, file);
  });
  serve(app, analytics.track, (req) => visitTrack(app.db, req.actor, req.query));
};
