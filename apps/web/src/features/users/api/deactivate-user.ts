import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterUserChange } from './invalidate';

export const deactivateUser = (id: number) => api.users.deactivate({ params: { id } });

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateUser, onSuccess: () => invalidateAfterUserChange(queryClient) });
}
