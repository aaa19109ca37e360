import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveOrgUnitBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import type { OrgUnitKind } from './kinds';
import { invalidateAfterOrgUnitChange } from './invalidate';

export const updateOrgUnit = (kind: OrgUnitKind, id: number, body: SaveOrgUnitBody) => api.orgUnits[kind].update({ params: { id }, body });

export function useUpdateOrgUnit(kind: OrgUnitKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaveOrgUnitBody }) => updateOrgUnit(kind, id, body),
    onSuccess: () => invalidateAfterOrgUnitChange(queryClient, kind),
  });
}
