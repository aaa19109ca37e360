import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveProductBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const createProduct = (body: SaveProductBody) => api.catalog.products.create({ body });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
