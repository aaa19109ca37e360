import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListProductsQuery } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export type ProductsParams = ListProductsQuery & { page: number; size: number };

export const getProducts = (params: ProductsParams, signal?: AbortSignal) => api.catalog.products.list({ query: params, signal });

export const productsQueryOptions = (params: ProductsParams) =>
  queryOptions({ queryKey: ['products', 'list', params], queryFn: ({ signal }) => getProducts(params, signal), placeholderData: keepPreviousData });

/** The catalog: search (≥ 4 characters, any script), filters, sort and paging on the server. */
export function useProducts(params: ProductsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(params), ...options });
}
