import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getIncome = (id: number, signal?: AbortSignal) => api.incomes.incomes.get({ params: { id }, signal });

export const incomeQueryOptions = (id: number) => queryOptions({ queryKey: ['incomes', 'detail', id], queryFn: ({ signal }) => getIncome(id, signal) });

/** One income with its lines (batches) and today's balances. */
export function useIncome(id: number) {
  return useQuery({ ...incomeQueryOptions(id), enabled: id > 0 });
}
