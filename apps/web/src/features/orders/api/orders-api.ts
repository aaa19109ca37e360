import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EditOrderBody, type listOrdersQuery, type MoveOrderBody, type Order, type QuoteOrderBody } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type OrdersParams = z.input<typeof listOrdersQuery> & { page: number; size: number };

export const getOrders = (params: OrdersParams, signal?: AbortSignal) => api.orders.orders.list({ query: params, signal });
export const getOrder = (id: number, signal?: AbortSignal) => api.orders.orders.get({ params: { id }, signal });

/** The operator's desk: orders in scope by status, dates, agent, organization, client type; paged and sorted. */
export function useOrders(params: OrdersParams) {
  return useQuery(
    queryOptions({ queryKey: ['orders', 'list', params], queryFn: ({ signal }) => getOrders(params, signal), placeholderData: keepPreviousData }),
  );
}

/** One order with its positions and its history of status moves. */
export function useOrder(id: number) {
  return useQuery({ queryKey: ['orders', 'detail', id], queryFn: ({ signal }) => getOrder(id, signal), enabled: id > 0 });
}

/** What approving the order for shipment would meet now (decision 022): asked only by those who may approve. */
export function useOrderCredit(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'credit', id],
    queryFn: ({ signal }) => api.orders.orders.credit({ params: { id }, signal }),
    enabled: enabled && id > 0,
  });
}

/** Every order mutation answers with the order: it replaces the cached one and the lists (and its credit check) reload. */
function useOrderMutation<V>(run: (variables: V) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', order.id], order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['orders', 'history'] });
      void queryClient.invalidateQueries({ queryKey: ['orders', 'credit', order.id] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export const useMoveOrder = (id: number) => useOrderMutation((body: MoveOrderBody) => api.orders.orders.move({ params: { id }, body }));
export const useChangeOrderDate = (id: number) => useOrderMutation((date: string) => api.orders.orders.changeDate({ params: { id }, body: { date } }));
export const useReplaceCounterparty = (id: number) =>
  useOrderMutation((organizationId: number) => api.orders.orders.replaceCounterparty({ params: { id }, body: { organizationId } }));
export const useEditOrder = (id: number) => useOrderMutation((body: EditOrderBody) => api.orders.orders.update({ params: { id }, body }));

/** The server's own prices and totals for lines not yet saved (nothing is kept); null = nothing to price. */
export function useOrderQuote(body: QuoteOrderBody | null) {
  return useQuery({
    queryKey: ['orders', 'quote', body],
    queryFn: ({ signal }) => api.orders.orders.quote({ body: body!, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}
