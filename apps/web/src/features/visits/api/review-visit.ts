import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewVisitBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterVisitChange } from './invalidate';

export const reviewVisit = ({ id, body }: { id: number; body: ReviewVisitBody }) => api.visits.visits.review({ params: { id }, body });

/** Accepts or rejects a questionable visit; the queue, the lists and the visit itself are refreshed. */
export function useReviewVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
