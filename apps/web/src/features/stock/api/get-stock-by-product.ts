import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { listStockByProductQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type StockByProductParams = z.input<typeof listStockByProductQuery> & { page: number; size: number };

export const getStockByProduct = (params: StockByProductParams, signal?: AbortSignal) => api.stock.byProduct.list({ query: params, signal });

export const stockByProductQueryOptions = (params: StockByProductParams) =>
  queryOptions({ queryKey: ['stock', 'by-product', params], queryFn: ({ signal }) => getStockByProduct(params, signal), placeholderData: keepPreviousData });

/** Stock by product: on hand, reserved, free balance, nearest expiry. */
export function useStockByProduct(params: StockByProductParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...stockByProductQueryOptions(params), ...options });
}
