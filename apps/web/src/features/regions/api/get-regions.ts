import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getRegions = (signal?: AbortSignal) => api.regions.regions.list({ signal });

export const regionsQueryOptions = () => queryOptions({ queryKey: ['regions'], queryFn: ({ signal }) => getRegions(signal), staleTime: 5 * 60_000 });

/** The regions of Uzbekistan with their districts, names in the four languages. */
export function useRegions() {
  return useQuery(regionsQueryOptions());
}
