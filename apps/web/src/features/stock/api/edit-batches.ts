import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditBatchesBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterStockChange } from './invalidate';

/** /editable: saves edited stock rows, all or none (per-row field errors `rows.<i>.<field>`). */
export const editBatches = (body: EditBatchesBody) => api.stock.batches.edit({ body });

export function useEditBatches() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editBatches, onSuccess: () => invalidateAfterStockChange(queryClient) });
}
