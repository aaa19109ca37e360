import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterBrandChange } from './invalidate';

export const deleteBrand = (id: number) => api.brands.delete({ params: { id } });

/** 409 IN_USE while an organization names the brand. */
export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBrand, onSuccess: () => invalidateAfterBrandChange(queryClient) });
}
