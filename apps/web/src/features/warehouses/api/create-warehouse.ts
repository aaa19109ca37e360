import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveWarehouseBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterWarehouseChange } from './invalidate';

export const createWarehouse = (body: SaveWarehouseBody) => api.warehouses.create({ body });

export function useCreateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWarehouse, onSuccess: () => invalidateAfterWarehouseChange(queryClient) });
}
