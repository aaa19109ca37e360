import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockByWarehouseRow } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getStockByWarehouse = (signal?: AbortSignal) => api.get<StockByWarehouseRow[]>('/stock/by-warehouse', { signal });

export const stockByWarehouseQueryOptions = () => queryOptions({ queryKey: ['stock', 'by-warehouse'], queryFn: ({ signal }) => getStockByWarehouse(signal) });

/** Stock by warehouse: totals per warehouse. */
export function useStockByWarehouse(options: { enabled?: boolean } = {}) {
  return useQuery({ ...stockByWarehouseQueryOptions(), ...options });
}
