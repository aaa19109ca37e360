import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveDoctorBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterDoctorChange } from './invalidate';

export const createDoctor = (body: SaveDoctorBody) => api.doctors.create({ body });

/** 409 DOCTOR_ALREADY_ADDED when the same doctor is already in the organization. */
export function useCreateDoctor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDoctor, onSuccess: () => invalidateAfterDoctorChange(queryClient) });
}
