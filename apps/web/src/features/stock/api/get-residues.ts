import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listResiduesQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ResiduesParams = z.input<typeof listResiduesQuery> & { page: number; size: number };

export const getResidues = (params: ResiduesParams, signal?: AbortSignal) => api.stock.residues.list({ query: params, signal });

export const residuesQueryOptions = (params: ResiduesParams) =>
  queryOptions({ queryKey: ['stock', 'residues', params], queryFn: ({ signal }) => getResidues(params, signal), placeholderData: keepPreviousData });

/** /residues-drugs: reservable remainders with a free balance. */
export function useResidues(params: ResiduesParams) {
  return useQuery(residuesQueryOptions(params));
}
