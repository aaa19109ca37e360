import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getBrandOptions = (signal?: AbortSignal) => api.brands.options({ signal });

export const brandOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['brands', 'options'], queryFn: ({ signal }) => getBrandOptions(signal), staleTime: 60_000 });

/** Every brand, for the organization form's pick-list. */
export function useBrandOptions() {
  return useQuery(brandOptionsQueryOptions());
}
