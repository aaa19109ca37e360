import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportIncomeBody } from '@pharma/contracts';
import { api, fileTimeoutMs } from '../../../lib/api-client';
import { invalidateAfterIncome } from './invalidate';

/** Creates an income from an .xlsx file (base64); a bad row answers IMPORT_ROWS_INVALID with `rows.<row>.<column>`. */
export const importIncome = (body: ImportIncomeBody) => api.incomes.incomes.import({ body, timeoutMs: fileTimeoutMs });

export function useImportIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importIncome,
    onSuccess: (income) => {
      queryClient.setQueryData(['incomes', 'detail', income.id], income);
      invalidateAfterIncome(queryClient);
    },
  });
}
