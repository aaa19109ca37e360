import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listIncomesQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type IncomesParams = z.input<typeof listIncomesQuery> & { page: number; size: number };

export const getIncomes = (params: IncomesParams, signal?: AbortSignal) => api.incomes.incomes.list({ query: params, signal });

export const incomesQueryOptions = (params: IncomesParams) =>
  queryOptions({ queryKey: ['incomes', 'list', params], queryFn: ({ signal }) => getIncomes(params, signal), placeholderData: keepPreviousData });

/** Income documents: date range, warehouse, product, search (number, supplier, invoice), paging. */
export function useIncomes(params: IncomesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...incomesQueryOptions(params), ...options });
}
