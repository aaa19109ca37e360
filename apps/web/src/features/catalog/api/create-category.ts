import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCategoryBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterCatalogChange } from './invalidate';

export const createCategory = (body: SaveCategoryBody) => api.catalog.categories.create({ body });

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateAfterCatalogChange(queryClient) });
}
