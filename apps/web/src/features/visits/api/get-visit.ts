import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './invalidate';

export const getVisit = (id: number, signal?: AbortSignal) => api.visits.visits.get({ params: { id }, signal });

export const visitQueryOptions = (id: number) => queryOptions({ queryKey: visitKeys.detail(id), queryFn: ({ signal }) => getVisit(id, signal) });

/** One visit with its doctors met, drug results, remainders, positions and rating. */
export function useVisit(id: number | null | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...visitQueryOptions(id ?? 0), enabled: !!id && id > 0 && (options.enabled ?? true) });
}
