import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const deleteDistrict = (id: number) => api.regions.districts.delete({ params: { id } });

export function useDeleteDistrict() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDistrict, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
