import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchReasonBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterStockChange } from './invalidate';

/** Puts a batch in quarantine: not reservable until released. */
export const quarantineBatch = ({ id, body }: { id: number; body: BatchReasonBody }) => api.stock.batches.quarantine({ params: { id }, body });

export function useQuarantineBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: quarantineBatch, onSuccess: () => invalidateAfterStockChange(queryClient) });
}
