import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Region, SaveRegionBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterRegionChange } from './invalidate';

export const updateRegion = ({ id, body }: { id: number; body: SaveRegionBody }) => api.put<Region>(`/regions/${id}`, body);

export function useUpdateRegion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRegion, onSuccess: () => invalidateAfterRegionChange(queryClient) });
}
