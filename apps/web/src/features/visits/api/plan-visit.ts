import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanVisitBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterVisitChange } from './invalidate';

export const planVisit = (body: PlanVisitBody) => api.visits.visits.plan({ body });

/** POST /api/visits: 'Visit successfully created'. */
export function usePlanVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: planVisit, onSuccess: () => invalidateAfterVisitChange(queryClient) });
}
