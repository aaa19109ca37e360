import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getMedicationStatusCounts = (signal?: AbortSignal) => api.catalog.products.medicationStatusCounts({ signal });

export const medicationStatusCountsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'medication-status-counts'], queryFn: ({ signal }) => getMedicationStatusCounts(signal) });

/** Active products per medication status (the tabs of /status-drugs). */
export function useMedicationStatusCounts() {
  return useQuery(medicationStatusCountsQueryOptions());
}
