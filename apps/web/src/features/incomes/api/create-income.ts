import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIncomeBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterIncome } from './invalidate';

/** Creates an income: its lines become batches. */
export const createIncome = (body: CreateIncomeBody) => api.incomes.incomes.create({ body });

export function useCreateIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncome,
    onSuccess: (income) => {
      queryClient.setQueryData(['incomes', 'detail', income.id], income);
      invalidateAfterIncome(queryClient);
    },
  });
}
