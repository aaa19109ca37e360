import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getUserTerritories = (userId: number, signal?: AbortSignal) => api.territories.get({ params: { id: userId }, signal });

export const userTerritoriesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['territories', 'user', userId], queryFn: ({ signal }) => getUserTerritories(userId, signal) });

export function useUserTerritories(userId: number | null) {
  return useQuery({ ...userTerritoriesQueryOptions(userId ?? 0), enabled: !!userId });
}
