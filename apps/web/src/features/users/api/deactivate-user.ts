import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterUserChange } from './invalidate';

export const deactivateUser = (id: number) => api.post<User>(`/users/${id}/deactivate`);

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateUser, onSuccess: () => invalidateAfterUserChange(queryClient) });
}
