import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveWarehouseBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterWarehouseChange } from './invalidate';

export const updateWarehouse = ({ id, body }: { id: number; body: SaveWarehouseBody }) => api.warehouses.update({ params: { id }, body });

export function useUpdateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWarehouse, onSuccess: () => invalidateAfterWarehouseChange(queryClient) });
}
