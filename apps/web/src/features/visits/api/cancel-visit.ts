import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterVisitChange } from './invalidate';

export const cancelVisit = ({ id, reason }: { id: number; reason?: string | null }) => api.post<Visit>(`/visits/${id}/cancel`, { reason: reason ?? null });

/** POST /api/visits/:id/cancel, after 'Do you really want to cancel?'. */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVisit, onSuccess: () => invalidateAfterVisitChange(queryClient) });
}
