import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterUserChange } from './invalidate';

export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }) => api.put<User>(`/users/${id}`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(['users', 'detail', user.id], user);
      invalidateAfterUserChange(queryClient);
    },
  });
}
