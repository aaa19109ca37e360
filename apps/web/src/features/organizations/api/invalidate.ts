import type { QueryClient } from '@tanstack/react-query';

/** A change to an organization shows in every organization list, its doctors, brand counts, address search and the audit log. */
export function invalidateAfterOrganizationChange(queryClient: QueryClient) {
  for (const key of [['organizations'], ['doctors'], ['brands'], ['maps', 'geocode'], ['audit']]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}
