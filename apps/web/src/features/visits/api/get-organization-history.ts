import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { organizationHistoryQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { visitKeys } from './invalidate';

export type OrganizationHistoryParams = z.input<typeof organizationHistoryQuery> & { page: number; size: number };

export const getOrganizationHistory = (organizationId: number, params: OrganizationHistoryParams, signal?: AbortSignal) =>
  api.visits.visits.organizationHistory({ params: { organizationId }, query: params, signal });

export const organizationHistoryQueryOptions = (organizationId: number, params: OrganizationHistoryParams) =>
  queryOptions({
    queryKey: visitKeys.organizationHistory(organizationId, params),
    queryFn: ({ signal }) => getOrganizationHistory(organizationId, params, signal),
    placeholderData: keepPreviousData,
  });

/** /history/:id: one organization's statistics over the period and its visits, newest first. */
export function useOrganizationHistory(organizationId: number | null, params: OrganizationHistoryParams) {
  return useQuery({ ...organizationHistoryQueryOptions(organizationId ?? 0, params), enabled: !!organizationId });
}
