import type { QueryClient } from '@tanstack/react-query';

/** A change to a brand shows in the brand list, pick-lists, the organizations naming it, and the audit log. */
export function invalidateAfterBrandChange(queryClient: QueryClient) {
  for (const domain of ['brands', 'organizations', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
}
