import { businessDate } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import type { ProjectionParams } from './get-income-projection';
import { asQuery } from './query';

/** The received positions as .xlsx, with the list's filters (every page). */
export const exportIncomeProjection = ({ page: _page, size: _size, ...params }: Partial<ProjectionParams>) =>
  api.download('/incomes/all-projection/export', { query: asQuery(params), fallbackName: `incomes-${businessDate()}.xlsx` });
