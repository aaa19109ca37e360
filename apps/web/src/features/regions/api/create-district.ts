import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { District, SaveDistrictBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const createDistrict = (body: SaveDistrictBody) => api.post<District>('/regions/districts', body);

export function useCreateDistrict() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDistrict, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
