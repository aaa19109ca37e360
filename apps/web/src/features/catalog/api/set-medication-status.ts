import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetMedicationStatusBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const setMedicationStatus = ({ id, body }: { id: number; body: SetMedicationStatusBody }) =>
  api.catalog.products.setMedicationStatus({ params: { id }, body });

export function useSetMedicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMedicationStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
