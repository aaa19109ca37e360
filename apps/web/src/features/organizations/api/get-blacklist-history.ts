import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getBlacklistHistory = (id: number, signal?: AbortSignal) => api.organizations.blacklistHistory({ params: { id }, signal });

/** Every blocking of an organization, newest first. */
export function useBlacklistHistory(id: number) {
  return useQuery({ queryKey: ['organizations', 'history', id], queryFn: ({ signal }) => getBlacklistHistory(id, signal) });
}
