import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getVisit = (id: number, signal?: AbortSignal) => api.visits.visits.get({ params: { id }, signal });

export const visitQueryOptions = (id: number) => queryOptions({ queryKey: ['visits', 'detail', id], queryFn: ({ signal }) => getVisit(id, signal) });

/** One visit with its doctors (the edit form needs them). */
export function useVisit(id: number | null | undefined) {
  return useQuery({ ...visitQueryOptions(id ?? 0), enabled: !!id && id > 0 });
}
