import type { QueryClient } from '@tanstack/react-query';
import type { OrgUnitKind } from './kinds';

/** A department or branch shows in its list, in the staff list (names) and in the audit log. */
export function invalidateAfterOrgUnitChange(queryClient: QueryClient, kind: OrgUnitKind) {
  for (const key of [kind, 'users', 'audit']) void queryClient.invalidateQueries({ queryKey: [key] });
}
