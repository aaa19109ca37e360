import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Producer, SaveProducerBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const updateProducer = ({ id, body }: { id: number; body: SaveProducerBody }) => api.put<Producer>(`/producers/${id}`, body);

export function useUpdateProducer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProducer, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
