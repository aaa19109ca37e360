import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockOrganizationBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const blockOrganization = ({ id, body }: { id: number; body: BlockOrganizationBody }) => api.organizations.block({ params: { id }, body });

/** Puts the organization on the blacklist with a reason; 409 ORGANIZATION_ALREADY_BLACKLISTED if it is there already. */
export function useBlockOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(['organizations', 'detail', organization.id], organization);
      invalidateAfterOrganizationChange(queryClient);
    },
  });
}
