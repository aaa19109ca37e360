import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveRegionBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const updateRegion = ({ id, body }: { id: number; body: SaveRegionBody }) => api.regions.regions.update({ params: { id }, body });

export function useUpdateRegion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRegion, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
