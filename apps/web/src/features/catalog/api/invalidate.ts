import type { QueryClient } from '@tanstack/react-query';

/** A product's name, producer, barcode and category show in stock rows, incomes and write-offs too. */
export function invalidateAfterCatalogChange(queryClient: QueryClient) {
  for (const domain of ['products', 'producers', 'categories', 'stock', 'incomes', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
}
