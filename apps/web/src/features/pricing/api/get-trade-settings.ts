import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getTradeSettings = (signal?: AbortSignal) => api.pricing.settings.get({ signal });

export const tradeSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['pricing', 'settings'], queryFn: ({ signal }) => getTradeSettings(signal), staleTime: 60_000 });

/** Prepayments and markups: VAT, default markups, prepayment, short-dated days. */
export function useTradeSettings() {
  return useQuery(tradeSettingsQueryOptions());
}
