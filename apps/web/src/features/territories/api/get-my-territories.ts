import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getMyTerritories = (signal?: AbortSignal) => api.territories.mine({ signal });

export const myTerritoriesQueryOptions = () =>
  queryOptions({ queryKey: ['territories', 'me'], queryFn: ({ signal }) => getMyTerritories(signal), staleTime: 5 * 60_000 });

/** The regions and districts the signed-in user works in (what a rep may choose for a new organization). */
export function useMyTerritories(enabled = true) {
  return useQuery({ ...myTerritoriesQueryOptions(), enabled });
}
