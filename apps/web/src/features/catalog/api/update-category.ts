import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, SaveCategoryBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const updateCategory = ({ id, body }: { id: number; body: SaveCategoryBody }) => api.put<Category>(`/categories/${id}`, body);

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
