import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getUserOptions = (role?: Role, signal?: AbortSignal) => api.users.options({ query: { role }, signal });

export const userOptionsQueryOptions = (role?: Role) =>
  queryOptions({ queryKey: ['users', 'options', role ?? 'all'], queryFn: ({ signal }) => getUserOptions(role, signal), staleTime: 60_000 });

/** Active users in the signed-in user's scope, for pick-lists (manager user, filters). */
export function useUserOptions(role?: Role) {
  return useQuery(userOptionsQueryOptions(role));
}
