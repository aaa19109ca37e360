import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitRatingBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterVisitChange } from './invalidate';

export const rateVisit = ({ id, body }: { id: number; body: VisitRatingBody }) => api.visits.visits.rate({ params: { id }, body });

/** The organization's 5-star rating of a completed visit ('Rating saved successfully!'); saving again replaces it (the averages change). */
export function useRateVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rateVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
