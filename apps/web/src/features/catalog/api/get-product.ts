import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getProduct = (id: number, signal?: AbortSignal) => api.catalog.products.get({ params: { id }, signal });

export const productQueryOptions = (id: number) => queryOptions({ queryKey: ['products', 'detail', id], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: number | null | undefined) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: !!id });
}
