import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveOrganizationBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const createOrganization = (body: SaveOrganizationBody) => api.organizations.create({ body });

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(['organizations', 'detail', organization.id], organization);
      invalidateAfterOrganizationChange(queryClient);
    },
  });
}
