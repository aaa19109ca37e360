import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { businessDate, type OrderHistoryQuery } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';

export type OrderHistoryParams = OrderHistoryQuery & { page: number; size: number };

/** /order-history: the status changes of the orders in scope, newest first, by the filters; paged. */
export function useOrderHistory(params: OrderHistoryParams) {
  return useQuery(
    queryOptions({
      // an order's move (useOrderMutation) reloads it
      queryKey: ['orders', 'history', params],
      queryFn: ({ signal }) => api.orders.history.list({ query: params, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The same filters as .xlsx (every page, the filters written above the table). */
export const exportOrderHistory = async ({ page: _page, size: _size, ...filters }: OrderHistoryParams) =>
  saveDownload(await api.orders.history.export({ query: filters }), `order-history-${businessDate()}.xlsx`);
