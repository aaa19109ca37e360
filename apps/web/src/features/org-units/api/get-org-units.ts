import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OrgUnitKind } from './kinds';

export const getOrgUnits = (kind: OrgUnitKind, signal?: AbortSignal) => api.orgUnits[kind].list({ signal });

export const orgUnitsQueryOptions = (kind: OrgUnitKind) =>
  queryOptions({ queryKey: [kind], queryFn: ({ signal }) => getOrgUnits(kind, signal), staleTime: 60_000 });

/** All departments or all branches (also the pick-lists of the staff form). */
export function useOrgUnits(kind: OrgUnitKind) {
  return useQuery(orgUnitsQueryOptions(kind));
}
