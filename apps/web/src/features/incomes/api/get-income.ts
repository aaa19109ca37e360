import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IncomeDetail } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getIncome = (id: number, signal?: AbortSignal) => api.get<IncomeDetail>(`/incomes/${id}`, { signal });

export const incomeQueryOptions = (id: number) => queryOptions({ queryKey: ['incomes', 'detail', id], queryFn: ({ signal }) => getIncome(id, signal) });

/** One income with its lines (batches) and today's balances. */
export function useIncome(id: number) {
  return useQuery({ ...incomeQueryOptions(id), enabled: id > 0 });
}
