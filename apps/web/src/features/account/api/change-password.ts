import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';

/** A new password ends every earlier session (decision 032); the answer is this session's new token. */
export const changePassword = (body: ChangePasswordBody) => api.account.changePassword({ body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (record) => {
      signIn(record);
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
