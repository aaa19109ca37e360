import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listWriteOffsQuery, Paged, WriteOff } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { asQuery } from './query';

export type WriteOffsParams = z.input<typeof listWriteOffsQuery> & { page: number; size: number };

export const getWriteOffs = (params: WriteOffsParams, signal?: AbortSignal) =>
  api.get<Paged<WriteOff>>('/stock/write-offs', { query: asQuery(params), signal });

export const writeOffsQueryOptions = (params: WriteOffsParams) =>
  queryOptions({ queryKey: ['stock', 'write-offs', params], queryFn: ({ signal }) => getWriteOffs(params, signal), placeholderData: keepPreviousData });

/** Removed-stock history, newest first. */
export function useWriteOffs(params: WriteOffsParams) {
  return useQuery(writeOffsQueryOptions(params));
}
