import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveOrgUnitBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import type { OrgUnitKind } from './kinds';
import { invalidateAfterOrgUnitChange } from './invalidate';

export const createOrgUnit = (kind: OrgUnitKind, body: SaveOrgUnitBody) => api.orgUnits[kind].create({ body });

export function useCreateOrgUnit(kind: OrgUnitKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveOrgUnitBody) => createOrgUnit(kind, body),
    onSuccess: () => invalidateAfterOrgUnitChange(queryClient, kind),
  });
}
