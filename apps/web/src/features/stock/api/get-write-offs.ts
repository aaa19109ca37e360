import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listWriteOffsQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type WriteOffsParams = z.input<typeof listWriteOffsQuery> & { page: number; size: number };

export const getWriteOffs = (params: WriteOffsParams, signal?: AbortSignal) => api.stock.writeOffs.list({ query: params, signal });

export const writeOffsQueryOptions = (params: WriteOffsParams) =>
  queryOptions({ queryKey: ['stock', 'write-offs', params], queryFn: ({ signal }) => getWriteOffs(params, signal), placeholderData: keepPreviousData });

/** Removed-stock history, newest first. */
export function useWriteOffs(params: WriteOffsParams) {
  return useQuery(writeOffsQueryOptions(params));
}
