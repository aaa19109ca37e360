import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveDistrictBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const updateDistrict = ({ id, body }: { id: number; body: SaveDistrictBody }) => api.regions.districts.update({ params: { id }, body });

export function useUpdateDistrict() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDistrict, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
