import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

/** Only a product without stock history; otherwise IN_USE (deactivate it instead). */
export const deleteProduct = (id: number) => api.catalog.products.delete({ params: { id } });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
