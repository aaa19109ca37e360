import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { incomeStatisticsQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type IncomeStatisticsParams = z.input<typeof incomeStatisticsQuery>;

/** GET /api/incomes/statistics (spec §7): received value and quantity by period, producer and warehouse. */
export const getIncomeStatistics = (params: IncomeStatisticsParams, signal?: AbortSignal) => api.incomes.statistics.get({ query: params, signal });

export const incomeStatisticsQueryOptions = (params: IncomeStatisticsParams) =>
  queryOptions({
    queryKey: ['incomes', 'statistics', params],
    queryFn: ({ signal }) => getIncomeStatistics(params, signal),
    placeholderData: keepPreviousData,
  });

export function useIncomeStatistics(params: IncomeStatisticsParams) {
  return useQuery(incomeStatisticsQueryOptions(params));
}
