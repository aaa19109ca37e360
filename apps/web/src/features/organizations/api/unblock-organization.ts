import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const unblockOrganization = (id: number) => api.post<Organization>(`/organizations/${id}/unblock`);

export function useUnblockOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(['organizations', 'detail', organization.id], organization);
      invalidateAfterOrganizationChange(queryClient);
    },
  });
}
