import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllProjectionQuery } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export type ProjectionParams = AllProjectionQuery & { page: number; size: number };

/** GET /api/incomes/all-projection (spec §7): every received position with its document. */
export const getIncomeProjection = (params: ProjectionParams, signal?: AbortSignal) => api.incomes.projection.list({ query: params, signal });

export const incomeProjectionQueryOptions = (params: ProjectionParams) =>
  queryOptions({
    queryKey: ['incomes', 'all-projection', params],
    queryFn: ({ signal }) => getIncomeProjection(params, signal),
    placeholderData: keepPreviousData,
  });

export function useIncomeProjection(params: ProjectionParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...incomeProjectionQueryOptions(params), ...options });
}
