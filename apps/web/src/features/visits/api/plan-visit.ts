import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanVisitBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterVisitChange } from './invalidate';

export const planVisit = (body: PlanVisitBody) => api.visits.visits.plan({ body });

/** POST /api/visits: 'Visit successfully created' (from the planning screens, or for oneself on the spot). */
export function usePlanVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: planVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
