import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCategoryBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const updateCategory = ({ id, body }: { id: number; body: SaveCategoryBody }) => api.catalog.categories.update({ params: { id }, body });

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
