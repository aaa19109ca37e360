import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listShortDatedQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ShortDatedParams = z.input<typeof listShortDatedQuery> & { page: number; size: number };

export const getShortDated = (params: ShortDatedParams, signal?: AbortSignal) => api.stock.shortDated.list({ query: params, signal });

export const shortDatedQueryOptions = (params: ShortDatedParams) =>
  queryOptions({ queryKey: ['stock', 'short-dated', params], queryFn: ({ signal }) => getShortDated(params, signal), placeholderData: keepPreviousData });

/** Short-dated stock, earliest expiry first: what reps should offer first. */
export function useShortDated(params: ShortDatedParams) {
  return useQuery(shortDatedQueryOptions(params));
}
