import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveTerritoriesBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const saveUserTerritories = ({ userId, body }: { userId: number; body: SaveTerritoriesBody }) => api.territories.save({ params: { id: userId }, body });

/** Replaces a user's territories: what they see of organizations and doctors changes with it. */
export function useSaveUserTerritories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserTerritories,
    onSuccess: (saved) => {
      queryClient.setQueryData(['territories', 'user', saved.userId], saved);
      for (const key of [['territories'], ['organizations'], ['doctors'], ['audit']]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
