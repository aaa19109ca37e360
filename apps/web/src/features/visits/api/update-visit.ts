import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanVisitBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterVisitChange } from './invalidate';

export const updateVisit = ({ id, body }: { id: number; body: PlanVisitBody }) => api.visits.visits.update({ params: { id }, body });

/** PUT /api/visits/:id (planned or overdue only): 'Visit successfully updated'. */
export function useUpdateVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
