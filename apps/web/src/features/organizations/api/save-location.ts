import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveLocationBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const saveLocation = ({ id, body }: { id: number; body: SaveLocationBody }) => api.organizations.saveLocation({ params: { id }, body });

/** /add-address: region, district, address and map point. */
export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: (organization) => {
      queryClient.setQueryData(['organizations', 'detail', organization.id], organization);
      invalidateAfterOrganizationChange(queryClient);
    },
  });
}
