import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Doctor } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const setFavoriteDoctor = ({ id, favorite }: { id: number; favorite: boolean }) =>
  favorite ? api.doctors.addFavorite({ params: { id } }) : api.doctors.removeFavorite({ params: { id } });

/** The star of a doctor (favorite doctors, /favorites). */
export function useSetFavoriteDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavoriteDoctor,
    onSuccess: (_, { id, favorite }) => {
      queryClient.setQueryData<Doctor>(['doctors', 'detail', id], (old) => (old ? { ...old, favorite } : old));
      void queryClient.invalidateQueries({ queryKey: ['doctors', 'list'] });
    },
  });
}
