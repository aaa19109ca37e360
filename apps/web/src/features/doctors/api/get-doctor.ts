import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getDoctor = (id: number, signal?: AbortSignal) => api.doctors.get({ params: { id }, signal });

export const doctorQueryOptions = (id: number) => queryOptions({ queryKey: ['doctors', 'detail', id], queryFn: ({ signal }) => getDoctor(id, signal) });

export function useDoctor(id: number | null) {
  return useQuery({ ...doctorQueryOptions(id ?? 0), enabled: !!id && id > 0 });
}
