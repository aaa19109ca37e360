import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterVisitChange } from './invalidate';

export const cancelVisit = ({ id, reason }: { id: number; reason?: string | null }) =>
  api.visits.visits.cancel({ params: { id }, body: { reason: reason ?? null } });

/** POST /api/visits/:id/cancel, after 'Do you really want to cancel?'. */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVisit, onSuccess: () => invalidateAfterVisitChange(queryClient) });
}
