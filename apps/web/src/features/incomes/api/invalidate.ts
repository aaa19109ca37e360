import type { QueryClient } from '@tanstack/react-query';

/** A new income brings new batches: incomes, every stock list and the audit log change. */
export function invalidateAfterIncome(queryClient: QueryClient) {
  for (const domain of ['incomes', 'stock', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
}
