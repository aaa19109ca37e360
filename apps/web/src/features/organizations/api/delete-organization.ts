import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const deleteOrganization = (id: number) => api.organizations.delete({ params: { id } });

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['organizations', 'detail', id] });
      invalidateAfterOrganizationChange(queryClient);
    },
  });
}
