import { endpoint, fileAnswer } from '../common/endpoint.js';
import {
  analyticsBreakdown,
  analyticsQuery,
  analyticsSummary,
  analyticsTrend,
  breakdownQuery,
  coverageAnswer,
  trackAnswer,
  trackQuery,
  trendQuery,
} from '../analytics.js';
import { monthlySales, monthlySalesQuery } from '../monthly-sales.js';

/** Statistics, reports and monthly sales: figures of the viewer's data scope, read from the aggregates. */
export const analyticsEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/analytics/summary',
    access: 'reports.view',
    summary: 'Every measure for a period, the period before and the same period last year',
    query: analyticsQuery,
    answer: analyticsSummary,
  }),
  trend: endpoint({
    method: 'GET',
    path: '/analytics/trend',
    access: 'reports.view',
    summary: 'Every measure by day, week or month of a period',
    query: trendQuery,
    answer: analyticsTrend,
  }),
  breakdown: endpoint({
    method: 'GET',
    path: '/analytics/breakdown',
    access: 'reports.view',
    summary: 'Every measure per representative, region, district, branch, type, client type or order status, with totals',
    query: breakdownQuery,
    answer: analyticsBreakdown,
  }),
  breakdownExport: endpoint({
    method: 'GET',
    path: '/analytics/breakdown/export',
    access: 'reports.view',
    summary: 'A breakdown (a report) as .xlsx: the filters on top, numbers as numbers, totals as formulas',
    query: breakdownQuery,
    answer: fileAnswer,
  }),
  monthlySales: endpoint({
    method: 'GET',
    path: '/analytics/monthly-sales',
    access: 'reports.view',
    summary: 'Products, categories or producers × months: quantity, sum, plan',
    query: monthlySalesQuery,
    answer: monthlySales,
  }),
  monthlySalesExport: endpoint({
    method: 'GET',
    path: '/analytics/monthly-sales/export',
    access: 'reports.view',
    summary: 'Monthly sales as .xlsx',
    query: monthlySalesQuery,
    answer: fileAnswer,
  }),
  coverage: endpoint({
    method: 'GET',
    path: '/analytics/coverage',
    access: 'reports.view',
    summary: "The territory's organizations coloured by what happened in the period: visited and ordering, visited only, ordering only, not covered",
    query: analyticsQuery,
    answer: coverageAnswer,
  }),
  coverageExport: endpoint({
    method: 'GET',
    path: '/analytics/coverage/export',
    access: 'reports.view',
    summary: 'The organizations not covered in the period as .xlsx: the filters on top',
    query: analyticsQuery,
    answer: fileAnswer,
  }),
  track: endpoint({
    method: 'GET',
    path: '/analytics/track',
    access: 'reports.view',
    summary: "A representative's day: their visits' start positions in order",
    query: trackQuery,
    answer: trackAnswer,
  }),
};
