import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The price list and free stock of the warehouses on the phone (issue 16): per product and warehouse,
 * in one answer (GET /api/stock/price-list, at most 5,000 rows), loaded ahead with a rep's days, so the
 * order form's product choice shows prices and free stock without a network.
 */
export const offlineStockQueryOptions = () =>
  queryOptions({ queryKey: ['stock', 'offline-price-list'], queryFn: async ({ signal }) => (await api.stock.priceList.get({ signal })).items });

/** The price list kept on the phone, when it has one (never asked for here: the rep's day loads it). */
export function useKeptStock() {
  return useQuery({ ...offlineStockQueryOptions(), enabled: false });
}
