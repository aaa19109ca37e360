import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit, VisitRatingBody } from '@pharma/contracts';
import { getSession } from '../../../lib/session';
import { afterVisitChange } from './invalidate';
import { queuedVisitWrite } from './queued-visit-write';

/**
 * The organization's rating of a completed visit, through the phone's queue (issue 16): the server's
 * visit when it can be sent now, else the visit with the rating as the rep gave it until the queue sends it.
 */
export const rateVisit = ({ visit, body }: { visit: Visit; body: VisitRatingBody }) =>
  queuedVisitWrite('visitRating', visit, body, {
    rating: { ...body, comment: body.comment ?? null, ratedAt: new Date().toISOString(), ratedByName: getSession().user?.fullName ?? '' },
  });

/**
 * The organization's 5-star rating of a completed visit ('Rating saved successfully!'); saving again replaces it (the averages change).
 * The form's callbacks are the hook's, not `mutate`'s: the saved rating replaces the form in the history before the call returns, and
 * `mutate`'s own callbacks die with the component.
 */
export function useRateVisit({ onSuccess, onError }: { onSuccess?: (visit: Visit) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateVisit,
    onSuccess: (visit) => {
      afterVisitChange(queryClient, visit);
      onSuccess?.(visit);
    },
    onError,
  });
}
