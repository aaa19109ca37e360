import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveBrandBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterBrandChange } from './invalidate';

export const createBrand = (body: SaveBrandBody) => api.brands.create({ body });

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBrand, onSuccess: () => invalidateAfterBrandChange(queryClient) });
}
