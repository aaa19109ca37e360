import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface BrandsParams {
  page: number;
  size: number;
  sort?: string;
  q?: string;
}

export const getBrands = (params: BrandsParams, signal?: AbortSignal) => api.brands.list({ query: { ...params }, signal });

export const brandsQueryOptions = (params: BrandsParams) =>
  queryOptions({ queryKey: ['brands', 'list', params], queryFn: ({ signal }) => getBrands(params, signal), placeholderData: keepPreviousData });

/** Brands and counterparties: paged, sorted, searched on the server. */
export function useBrands(params: BrandsParams) {
  return useQuery(brandsQueryOptions(params));
}
