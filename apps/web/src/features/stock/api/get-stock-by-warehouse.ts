import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getStockByWarehouse = (signal?: AbortSignal) => api.stock.byWarehouse.list({ signal });

export const stockByWarehouseQueryOptions = () => queryOptions({ queryKey: ['stock', 'by-warehouse'], queryFn: ({ signal }) => getStockByWarehouse(signal) });

/** Stock by warehouse: totals per warehouse. */
export function useStockByWarehouse(options: { enabled?: boolean } = {}) {
  return useQuery({ ...stockByWarehouseQueryOptions(), ...options });
}
