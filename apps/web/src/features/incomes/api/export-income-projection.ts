import { businessDate } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';
import type { ProjectionParams } from './get-income-projection';

/** The received positions as .xlsx, with the list's filters (every page). */
export const exportIncomeProjection = async ({ page: _page, size: _size, ...params }: Partial<ProjectionParams>) =>
  saveDownload(await api.incomes.projection.export({ query: params }), `incomes-${businessDate()}.xlsx`);
