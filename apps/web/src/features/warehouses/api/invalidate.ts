import type { QueryClient } from '@tanstack/react-query';

/** A warehouse's name shows in stock rows, incomes and write-offs. */
export function invalidateAfterWarehouseChange(queryClient: QueryClient) {
  for (const domain of ['warehouses', 'stock', 'incomes', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
}
