import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordBody) => api.post<void>('/account/change-password', body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
}
