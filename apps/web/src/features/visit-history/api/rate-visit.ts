import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitRatingBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const rateVisit = ({ id, body }: { id: number; body: VisitRatingBody }) => api.visits.visits.rate({ params: { id }, body });

/** The organization's 5-star rating of a completed visit ('Rating saved successfully!'); saving again replaces it. */
export function useRateVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateVisit,
    onSuccess: (visit) => {
      queryClient.setQueryData(['visits', 'detail', visit.id], visit);
      // the organization's averages change
      void queryClient.invalidateQueries({ queryKey: ['visits', 'organization-history'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
