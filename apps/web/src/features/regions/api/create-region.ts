import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Region, SaveRegionBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const createRegion = (body: SaveRegionBody) => api.post<Region>('/regions', body);

export function useCreateRegion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRegion, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
