import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveDeliveryAddressBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterOrganizationChange } from './invalidate';

export const saveDeliveryAddress = ({ id, body }: { id: number; body: SaveDeliveryAddressBody }) =>
  api.organizations.saveDeliveryAddress({ params: { id }, body });

/** /add-delivery-address: delivery region, district, street and house, map point. */
export function useSaveDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeliveryAddress,
    onSuccess: (organization) => {
      queryClient.setQueryData(['organizations', 'detail', organization.id], organization);
      invalidateAfterOrganizationChange(queryClient);
    },
  });
}
