import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Batch } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterStockChange } from './invalidate';

/** Lifts a quarantine. */
export const releaseBatch = (id: number) => api.post<Batch>(`/stock/batches/${id}/release`);

export function useReleaseBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseBatch, onSuccess: () => invalidateAfterStockChange(queryClient) });
}
