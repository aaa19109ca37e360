import type { QueryClient } from '@tanstack/react-query';

/** A change to a user shows in the staff list, pick-lists, head counts of roles and units, and the audit log. */
export function invalidateAfterUserChange(queryClient: QueryClient) {
  for (const domain of ['users', 'roles', 'departments', 'branches', 'audit', 'account']) {
    void queryClient.invalidateQueries({ queryKey: [domain] });
  }
}
