import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListBatchesQuery } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export type BatchesParams = ListBatchesQuery & { page: number; size: number };

export const getBatches = (params: BatchesParams, signal?: AbortSignal) => api.stock.batches.list({ query: params, signal });

export const batchesQueryOptions = (params: BatchesParams) =>
  queryOptions({ queryKey: ['stock', 'batches', params], queryFn: ({ signal }) => getBatches(params, signal), placeholderData: keepPreviousData });

/** Stock by batch (also the /editable list): balances, state, prices, version. */
export function useBatches(params: BatchesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...batchesQueryOptions(params), ...options });
}
