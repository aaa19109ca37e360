import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterUserChange } from './invalidate';

export const activateUser = (id: number) => api.post<User>(`/users/${id}/activate`);

export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateUser, onSuccess: () => invalidateAfterUserChange(queryClient) });
}
