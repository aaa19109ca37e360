import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveProducerBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const updateProducer = ({ id, body }: { id: number; body: SaveProducerBody }) => api.catalog.producers.update({ params: { id }, body });

export function useUpdateProducer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProducer, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
