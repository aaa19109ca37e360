import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getProducers = (signal?: AbortSignal) => api.catalog.producers.list({ signal });

export const producersQueryOptions = () => queryOptions({ queryKey: ['producers'], queryFn: ({ signal }) => getProducers(signal), staleTime: 60_000 });

/** Every producer with its product count (the screen and the pick-lists; filtered on the page). */
export function useProducers() {
  return useQuery(producersQueryOptions());
}
