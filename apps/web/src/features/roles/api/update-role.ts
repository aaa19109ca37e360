import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UpdateRoleRightsBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const updateRole = ({ role, body }: { role: Role; body: UpdateRoleRightsBody }) => api.roles.update({ params: { role }, body });

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['roles'] });
      // the signed-in user's own rights may have changed
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
