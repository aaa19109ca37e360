import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterStockChange } from './invalidate';

/** Lifts a quarantine. */
export const releaseBatch = (id: number) => api.stock.batches.release({ params: { id } });

export function useReleaseBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseBatch, onSuccess: () => invalidateAfterStockChange(queryClient) });
}
