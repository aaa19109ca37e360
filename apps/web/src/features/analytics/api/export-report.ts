import type { AnalyticsQuery, BreakdownDimension } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';
import type { MonthlySalesParams } from './get-monthly-sales';

/** A report (a breakdown) as .xlsx: the filters on top, totals as formulas. */
export const exportBreakdown = async (query: AnalyticsQuery & { by: BreakdownDimension }) =>
  saveDownload(await api.analytics.breakdownExport({ query }), `report-${query.by}-${query.from}-${query.to}.xlsx`);

/** Monthly sales as .xlsx. */
export const exportMonthlySales = async (query: MonthlySalesParams) =>
  saveDownload(await api.analytics.monthlySalesExport({ query }), `monthly-sales-${query.from}-${query.to}.xlsx`);

/** The organizations not covered in the period as .xlsx, the filters on top. */
export const exportUncovered = async (query: AnalyticsQuery) =>
  saveDownload(await api.analytics.coverageExport({ query }), `uncovered-${query.from}-${query.to}.xlsx`);
