import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getCars = (signal?: AbortSignal) => api.logistics.cars.list({ signal });

export const carsQueryOptions = () => queryOptions({ queryKey: ['cars'], queryFn: ({ signal }) => getCars(signal), staleTime: 60_000 });

/** The whole fleet, active cars first. */
export function useCars() {
  return useQuery(carsQueryOptions());
}
