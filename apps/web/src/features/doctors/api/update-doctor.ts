import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveDoctorBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterDoctorChange } from './invalidate';

export const updateDoctor = ({ id, body }: { id: number; body: SaveDoctorBody }) => api.doctors.update({ params: { id }, body });

export function useUpdateDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDoctor,
    onSuccess: (doctor) => {
      queryClient.setQueryData(['doctors', 'detail', doctor.id], doctor);
      invalidateAfterDoctorChange(queryClient);
    },
  });
}
