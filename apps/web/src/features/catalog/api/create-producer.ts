import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveProducerBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const createProducer = (body: SaveProducerBody) => api.catalog.producers.create({ body });

export function useCreateProducer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProducer, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
