import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getWarehouses = (signal?: AbortSignal) => api.warehouses.list({ signal });

export const warehousesQueryOptions = () => queryOptions({ queryKey: ['warehouses'], queryFn: ({ signal }) => getWarehouses(signal), staleTime: 60_000 });

/** Every warehouse (the screen, pick-lists and filters). */
export function useWarehouses() {
  return useQuery(warehousesQueryOptions());
}
