import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterUserChange } from './invalidate';

export const activateUser = (id: number) => api.users.activate({ params: { id } });

export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateUser, onSuccess: () => invalidateAfterUserChange(queryClient) });
}
