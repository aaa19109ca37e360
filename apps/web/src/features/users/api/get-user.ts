import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getUser = (id: number, signal?: AbortSignal) => api.users.get({ params: { id }, signal });

export const userQueryOptions = (id: number) => queryOptions({ queryKey: ['users', 'detail', id], queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
