import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Producer } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getProducers = (signal?: AbortSignal) => api.get<Producer[]>('/producers', { signal });

export const producersQueryOptions = () => queryOptions({ queryKey: ['producers'], queryFn: ({ signal }) => getProducers(signal), staleTime: 60_000 });

/** Every producer with its product count (the screen and the pick-lists; filtered on the page). */
export function useProducers() {
  return useQuery(producersQueryOptions());
}
