import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchReasonBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterStockChange } from './invalidate';

/** Recalls a batch: final, never reservable again. */
export const recallBatch = ({ id, body }: { id: number; body: BatchReasonBody }) => api.stock.batches.recall({ params: { id }, body });

export function useRecallBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recallBatch, onSuccess: () => invalidateAfterStockChange(queryClient) });
}
