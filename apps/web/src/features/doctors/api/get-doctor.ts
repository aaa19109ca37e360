import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Doctor } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getDoctor = (id: number, signal?: AbortSignal) => api.get<Doctor>(`/doctors/${id}`, { signal });

export const doctorQueryOptions = (id: number) => queryOptions({ queryKey: ['doctors', 'detail', id], queryFn: ({ signal }) => getDoctor(id, signal) });

export function useDoctor(id: number | null) {
  return useQuery({ ...doctorQueryOptions(id ?? 0), enabled: !!id && id > 0 });
}
