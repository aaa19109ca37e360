import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getProfile = (signal?: AbortSignal) => api.account.me({ signal });

export const profileQueryOptions = () => queryOptions({ queryKey: ['account', 'me'], queryFn: ({ signal }) => getProfile(signal), staleTime: 60_000 });

/** The signed-in user with the current rights of their role. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
