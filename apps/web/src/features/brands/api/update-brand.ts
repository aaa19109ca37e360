import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveBrandBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterBrandChange } from './invalidate';

export const updateBrand = ({ id, body }: { id: number; body: SaveBrandBody }) => api.brands.update({ params: { id }, body });

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: (brand) => {
      queryClient.setQueryData(['brands', 'detail', brand.id], brand);
      invalidateAfterBrandChange(queryClient);
    },
  });
}
