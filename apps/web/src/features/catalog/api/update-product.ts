import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveProductBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const updateProduct = ({ id, body }: { id: number; body: SaveProductBody }) => api.catalog.products.update({ params: { id }, body });

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(['products', 'detail', product.id], product);
      invalidateAfterCatalogChange(queryClient);
    },
  });
}
