import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeSettings } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const saveTradeSettings = (body: TradeSettings) => api.pricing.settings.save({ body });

export function useSaveTradeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTradeSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(['pricing', 'settings'], settings);
      // the short-dated horizon changes what every stock list highlights
      for (const domain of ['stock', 'incomes', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
    },
  });
}
