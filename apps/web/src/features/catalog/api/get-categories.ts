import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getCategories = (signal?: AbortSignal) => api.catalog.categories.list({ signal });

export const categoriesQueryOptions = () => queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 60_000 });

/** Categories and subcategories, flat with parentId. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
