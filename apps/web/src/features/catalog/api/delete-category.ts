import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

/** Only a category without products or subcategories; otherwise IN_USE. */
export const deleteCategory = (id: number) => api.catalog.categories.delete({ params: { id } });

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
