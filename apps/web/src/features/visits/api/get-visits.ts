import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitStatus } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { visitKeys } from './invalidate';

export interface VisitsParams {
  page: number;
  size: number;
  /** 'plannedStart' (default) or '-plannedStart' */
  sort?: string;
  from?: string;
  to?: string;
  representativeId?: number;
  organizationId?: number;
  status?: VisitStatus;
  /** organization name, ≥ 4 characters */
  q?: string;
}

export const getVisits = (params: VisitsParams, signal?: AbortSignal) => api.visits.visits.list({ query: params, signal });

export const visitsQueryOptions = (params: VisitsParams) =>
  queryOptions({ queryKey: visitKeys.list(params), queryFn: ({ signal }) => getVisits(params, signal), placeholderData: keepPreviousData });

/** GET /api/visits: the visits in scope, paged (a day's table, the planned list, the week planner, today). */
export function useVisits(params: VisitsParams, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ ...visitsQueryOptions(params), ...options });
}
