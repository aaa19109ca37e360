import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveOrganizationBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const updateOrganization = ({ id, body }: { id: number; body: SaveOrganizationBody }) => api.organizations.update({ params: { id }, body });

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(['organizations', 'detail', organization.id], organization);
      invalidateAfterOrganizationChange(queryClient);
    },
  });
}
