import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Batch, ListBatchesQuery, Paged } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { asQuery } from './query';

export type BatchesParams = ListBatchesQuery & { page: number; size: number };

export const getBatches = (params: BatchesParams, signal?: AbortSignal) => api.get<Paged<Batch>>('/stock/batches', { query: asQuery(params), signal });

export const batchesQueryOptions = (params: BatchesParams) =>
  queryOptions({ queryKey: ['stock', 'batches', params], queryFn: ({ signal }) => getBatches(params, signal), placeholderData: keepPreviousData });

/** Stock by batch (also the /editable list): balances, state, prices, version. */
export function useBatches(params: BatchesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...batchesQueryOptions(params), ...options });
}
