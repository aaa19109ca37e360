import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** /testOrder: an organization's suggested order from its last two counts, as a draft that is not saved. */
export function useSuggestedOrder(organizationId: number | undefined) {
  return useQuery({
    queryKey: ['visits', 'suggested-order', organizationId],
    queryFn: ({ signal }) => api.visits.order.testOrder({ query: { organizationId: organizationId! }, signal }),
    enabled: !!organizationId,
  });
}
