import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCarBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const createCar = (body: SaveCarBody) => api.logistics.cars.create({ body });

export function useCreateCar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCar, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cars'] }) });
}
