import type { QueryClient } from '@tanstack/react-query';

/** A planned, edited or cancelled visit shows in every visits view (calendar, days, lists, history) and in the audit log. */
export function invalidateAfterVisitChange(queryClient: QueryClient) {
  for (const domain of ['visits', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
}
