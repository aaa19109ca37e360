import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, SaveBrandBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterBrandChange } from './invalidate';

export const createBrand = (body: SaveBrandBody) => api.post<Brand>('/brands', body);

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBrand, onSuccess: () => invalidateAfterBrandChange(queryClient) });
}
