import { useQuery } from '@tanstack/react-query';
import type { BlacklistHistoryEntry } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getBlacklistHistory = (id: number, signal?: AbortSignal) => api.get<BlacklistHistoryEntry[]>(`/organizations/${id}/blacklist`, { signal });

/** Every blocking of an organization, newest first. */
export function useBlacklistHistory(id: number) {
  return useQuery({ queryKey: ['organizations', 'history', id], queryFn: ({ signal }) => getBlacklistHistory(id, signal) });
}
