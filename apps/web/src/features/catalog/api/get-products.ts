import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchMatches, searchText, type ListProductsQuery, type Product } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export type ProductsParams = ListProductsQuery & { page: number; size: number };

export const getProducts = (params: ProductsParams, signal?: AbortSignal) => api.catalog.products.list({ query: params, signal });

export const productsQueryOptions = (params: ProductsParams) =>
  queryOptions({ queryKey: ['products', 'list', params], queryFn: ({ signal }) => getProducts(params, signal), placeholderData: keepPreviousData });

/** The catalog: search (≥ 4 characters, any script), filters, sort and paging on the server. */
export function useProducts(params: ProductsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(params), ...options });
}

/** The most products a phone keeps for searching offline (pages of 100). */
const offlineCatalogPages = 50;

/**
 * The active catalog on the phone (issue 16): every active product, loaded ahead with the rep's days,
 * so the visit's product search answers without a network (searched on the phone as the server would).
 */
export const offlineCatalogQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'offline-catalog'],
    queryFn: async ({ signal }) => {
      const items: Product[] = [];
      for (let page = 1; page <= offlineCatalogPages; page++) {
        const answer = await getProducts({ page, size: 100, active: 'true', sort: 'name' }, signal);
        items.push(...answer.items);
        if (items.length >= answer.total || answer.items.length === 0) break;
      }
      return items;
    },
  });

/** Products of the catalog kept on the phone that answer the query (null while it has none). */
export function searchOfflineCatalog(catalog: readonly Product[] | undefined, q: string, limit = 25): Product[] | null {
  if (!catalog) return null;
  return catalog.filter((p) => searchMatches(searchText(p.name, p.producerName, p.barcode), q)).slice(0, limit);
}
