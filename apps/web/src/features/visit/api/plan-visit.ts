import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanVisitBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterVisitChange } from './invalidate';

export const planVisit = (body: PlanVisitBody) => api.visits.visits.plan({ body });

/** Plans a visit (here: for oneself, from now for an hour, when the rep starts one on the spot). */
export function usePlanVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: planVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
