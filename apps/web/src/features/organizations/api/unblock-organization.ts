import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const unblockOrganization = (id: number) => api.organizations.unblock({ params: { id } });

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
