import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getBrand = (id: number, signal?: AbortSignal) => api.brands.get({ params: { id }, signal });

export const brandQueryOptions = (id: number) => queryOptions({ queryKey: ['brands', 'detail', id], queryFn: ({ signal }) => getBrand(id, signal) });

export function useBrand(id: number | null) {
  return useQuery({ ...brandQueryOptions(id ?? 0), enabled: !!id && id > 0 });
}
