import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessDate,
  type CreateDeliveryBody,
  type Delivery,
  type DeliveryFactsQuery,
  type DeliveryWarehouseStep,
  type listDeliveriesQuery,
} from '@pharma/contracts';
import type { z } from 'zod';
import { api, saveDownload } from '../../../lib/api-client';

export type DeliveriesParams = z.input<typeof listDeliveriesQuery> & { page: number; size: number };
export type FactsParams = DeliveryFactsQuery & { page: number; size: number };

export const getDeliveries = (params: DeliveriesParams, signal?: AbortSignal) => api.logistics.deliveries.list({ query: params, signal });
export const getDelivery = (id: number, signal?: AbortSignal) => api.logistics.deliveries.get({ params: { id }, signal });

/** Deliveries by tab, dates and courier (the desk and the warehouse see all). */
export function useDeliveries(params: DeliveriesParams, options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: ['deliveries', 'list', params],
      queryFn: ({ signal }) => getDeliveries(params, signal),
      placeholderData: keepPreviousData,
      ...options,
    }),
  );
}

/** The same page of deliveries, each with its route (warehouse point, stops in route order): a day's map in one request. */
export function useDeliveryMap(params: DeliveriesParams) {
  return useQuery(
    queryOptions({
      queryKey: ['deliveries', 'map', params],
      queryFn: ({ signal }) => api.logistics.deliveries.map({ query: params, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** One delivery with its stops in route order. */
export function useDelivery(id: number | null) {
  return useQuery({ queryKey: ['deliveries', 'detail', id], queryFn: ({ signal }) => getDelivery(id!, signal), enabled: !!id && id > 0 });
}

/** The wizard's pick-list: orders approved for shipment in no delivery yet. */
export function useShippableOrders() {
  return useQuery({ queryKey: ['deliveries', 'shippable'], queryFn: ({ signal }) => api.logistics.deliveries.shippable({ signal }) });
}

/** The delivered facts of a period, with the totals per courier and car. */
export function useDeliveryFacts(params: FactsParams) {
  return useQuery({
    queryKey: ['deliveries', 'facts', params],
    queryFn: ({ signal }) => api.logistics.deliveries.facts({ query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The facts as .xlsx, with the list's filters (every page). */
export const exportDeliveryFacts = async ({ page: _page, size: _size, ...params }: Partial<FactsParams>) =>
  saveDownload(await api.logistics.deliveries.exportFacts({ query: params }), `delivery-facts-${businessDate()}.xlsx`);

/** Every delivery change: the answered delivery replaces the cached one; the lists, the day's map, the pick-list and the orders reload. */
function useDeliveryChange<V>(run: (variables: V) => Promise<Delivery | void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (delivery) => {
      if (delivery) queryClient.setQueryData(['deliveries', 'detail', delivery.id], delivery);
      void queryClient.invalidateQueries({ queryKey: ['deliveries', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['deliveries', 'map'] });
      void queryClient.invalidateQueries({ queryKey: ['deliveries', 'shippable'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useCreateDelivery = () => useDeliveryChange((body: CreateDeliveryBody) => api.logistics.deliveries.create({ body }));
export const useDeleteDelivery = () => useDeliveryChange((id: number) => api.logistics.deliveries.delete({ params: { id } }));
export const useReorderStops = (id: number) =>
  useDeliveryChange((stopIds: number[]) => api.logistics.deliveries.reorderStops({ params: { id }, body: { stopIds } }));
export const useWarehouseStep = (id: number) =>
  useDeliveryChange((step: DeliveryWarehouseStep) => api.logistics.deliveries.warehouseStep({ params: { id }, body: { step } }));
