import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCarBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const updateCar = ({ id, body }: { id: number; body: SaveCarBody }) => api.logistics.cars.update({ params: { id }, body });

export function useUpdateCar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCar, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cars'] }) });
}
