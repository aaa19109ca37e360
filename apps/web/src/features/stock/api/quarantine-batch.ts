import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Batch, BatchReasonBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterStockChange } from './invalidate';

/** Puts a batch in quarantine: not reservable until released. */
export const quarantineBatch = ({ id, body }: { id: number; body: BatchReasonBody }) => api.post<Batch>(`/stock/batches/${id}/quarantine`, body);

export function useQuarantineBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: quarantineBatch, onSuccess: () => invalidateAfterStockChange(queryClient) });
}
