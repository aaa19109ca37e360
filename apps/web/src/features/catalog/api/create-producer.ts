import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Producer, SaveProducerBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const createProducer = (body: SaveProducerBody) => api.post<Producer>('/producers', body);

export function useCreateProducer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProducer, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
