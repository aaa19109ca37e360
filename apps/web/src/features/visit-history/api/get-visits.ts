import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listVisitsQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type VisitsParams = z.input<typeof listVisitsQuery> & { page: number; size: number };

export const getVisits = (params: VisitsParams, signal?: AbortSignal) => api.visits.visits.list({ query: params, signal });

export const visitsQueryOptions = (params: VisitsParams) =>
  queryOptions({ queryKey: ['visits', 'list', params], queryFn: ({ signal }) => getVisits(params, signal), placeholderData: keepPreviousData });

/** /history-visits: visits in scope, filtered and paged (newest first with sort "-plannedStart"). */
export function useVisits(params: VisitsParams) {
  return useQuery(visitsQueryOptions(params));
}
