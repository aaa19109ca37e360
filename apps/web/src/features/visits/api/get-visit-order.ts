import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './invalidate';

export const getVisitOrder = (id: number, signal?: AbortSignal) => api.visits.order.get({ params: { id }, signal });

export const visitOrderQueryOptions = (id: number) => queryOptions({ queryKey: visitKeys.order(id), queryFn: ({ signal }) => getVisitOrder(id, signal) });

/** What the rep reserved and pre-ordered on this visit, the previous visit, and the suggested order from the sell-out. */
export function useVisitOrder(id: number, enabled = true) {
  return useQuery({ ...visitOrderQueryOptions(id), enabled: enabled && id > 0 });
}
