import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './invalidate';

export const getCurrentVisit = (organizationId: number, signal?: AbortSignal) => api.visits.visits.current({ query: { organizationId }, signal });

export const currentVisitQueryOptions = (organizationId: number) =>
  queryOptions({ queryKey: visitKeys.current(organizationId), queryFn: ({ signal }) => getCurrentVisit(organizationId, signal) });

/** The signed-in rep's visit at the organization: the one in progress, else today's planned or overdue one; null when none. */
export function useCurrentVisit(organizationId: number, enabled = true) {
  return useQuery({ ...currentVisitQueryOptions(organizationId), enabled: enabled && organizationId > 0 });
}
