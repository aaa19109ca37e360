import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterDoctorChange } from './invalidate';

export const deleteDoctor = (id: number) => api.doctors.delete({ params: { id } });

export function useDeleteDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDoctor,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['doctors', 'detail', id] });
      invalidateAfterDoctorChange(queryClient);
    },
  });
}
