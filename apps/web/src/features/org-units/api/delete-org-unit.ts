import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OrgUnitKind } from './kinds';
import { invalidateAfterOrgUnitChange } from './invalidate';

export const deleteOrgUnit = (kind: OrgUnitKind, id: number) => api.orgUnits[kind].delete({ params: { id } });

export function useDeleteOrgUnit(kind: OrgUnitKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOrgUnit(kind, id),
    onSuccess: () => invalidateAfterOrgUnitChange(queryClient, kind),
  });
}
