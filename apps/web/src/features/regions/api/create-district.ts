import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveDistrictBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const createDistrict = (body: SaveDistrictBody) => api.regions.districts.create({ body });

export function useCreateDistrict() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDistrict, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
