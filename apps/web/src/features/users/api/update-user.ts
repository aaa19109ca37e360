import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { invalidateAfterUserChange } from './invalidate';

export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }) => api.users.update({ params: { id }, body });

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
