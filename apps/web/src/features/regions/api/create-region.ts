import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveRegionBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const createRegion = (body: SaveRegionBody) => api.regions.regions.create({ body });

export function useCreateRegion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRegion, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
