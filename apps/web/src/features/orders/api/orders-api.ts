import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { listOrdersQuery, MoveOrderBody, Order, OrderSummary, Paged } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type OrdersParams = z.input<typeof listOrdersQuery> & { page: number; size: number };
const asQuery = (params: object) => params as Record<string, string | number | boolean | undefined>;

export const getOrders = (params: OrdersParams, signal?: AbortSignal) => api.get<Paged<OrderSummary>>('/orders', { query: asQuery(params), signal });
export const getOrder = (id: number, signal?: AbortSignal) => api.get<Order>(`/orders/${id}`, { signal });

/** The operator's desk: orders in scope by status, dates, agent, organization, client type; paged and sorted. */
export function useOrders(params: OrdersParams) {
  return useQuery(queryOptions({ queryKey: ['orders', 'list', params], queryFn: ({ signal }) => getOrders(params, signal), placeholderData: keepPreviousData }));
}

/** One order with its positions and its history of status moves. */
export function useOrder(id: number) {
  return useQuery({ queryKey: ['orders', 'detail', id], queryFn: ({ signal }) => getOrder(id, signal), enabled: id > 0 });
}

/** Every order mutation answers with the order: it replaces the cached one and the lists reload. */
function useOrderMutation<V>(run: (variables: V) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', order.id], order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export const useMoveOrder = (id: number) => useOrderMutation((body: MoveOrderBody) => api.post<Order>(`/orders/${id}/move`, body));
export const useChangeOrderDate = (id: number) => useOrderMutation((date: string) => api.put<Order>(`/orders/${id}/date`, { date }));
export const useReplaceCounterparty = (id: number) => useOrderMutation((organizationId: number) => api.put<Order>(`/orders/${id}/counterparty`, { organizationId }));
