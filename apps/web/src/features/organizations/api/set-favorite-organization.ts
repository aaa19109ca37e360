import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const setFavoriteOrganization = ({ id, favorite }: { id: number; favorite: boolean }) =>
  favorite ? api.organizations.addFavorite({ params: { id } }) : api.organizations.removeFavorite({ params: { id } });

/** The star: the detail follows at once, the lists (favorite pharmacies) on their next fetch. */
export function useSetFavoriteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavoriteOrganization,
    onSuccess: (_, { id, favorite }) => {
      queryClient.setQueryData<Organization>(['organizations', 'detail', id], (old) => (old ? { ...old, favorite } : old));
      void queryClient.invalidateQueries({ queryKey: ['organizations'] });
    },
  });
}
