import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWriteOffBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterStockChange } from './invalidate';

/** Writes off free units of a batch (reserved units belong to their documents). */
export const createWriteOff = (body: CreateWriteOffBody) => api.stock.writeOffs.create({ body });

export function useCreateWriteOff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWriteOff, onSuccess: () => invalidateAfterStockChange(queryClient) });
}
