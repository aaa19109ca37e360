import type { QueryClient } from '@tanstack/react-query';

/** Any stock movement changes balances everywhere they show: stock lists, incomes' lines, the audit log. */
export function invalidateAfterStockChange(queryClient: QueryClient) {
  for (const domain of ['stock', 'incomes', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
}
