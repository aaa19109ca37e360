import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const updateProfile = (body: UpdateProfileBody) => api.account.updateProfile({ body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(['account', 'me'], profile);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
