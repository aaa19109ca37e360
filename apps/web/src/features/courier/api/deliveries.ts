import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierPositionBody, DeliverPartlyBody, DeliverStopBody, Delivery, DeliveryTab, RefuseStopBody, UploadStopPhotoBody } from '@pharma/contracts';
import { api, fileTimeoutMs } from '../../../lib/api-client';

export const deliveryKeys = {
  all: ['deliveries'] as const,
  list: (tab: DeliveryTab) => ['deliveries', 'list', { tab }] as const,
  detail: (id: number) => ['deliveries', 'detail', id] as const,
  photo: (id: number, stopId: number) => ['deliveries', 'photo', id, stopId] as const,
};

/** How many deliveries the courier's list shows (a courier has a few a day). */
const listSize = 100;

export const getDeliveries = (tab: DeliveryTab, signal?: AbortSignal) => api.logistics.deliveries.list({ query: { tab, size: listSize }, signal });
export const getDelivery = (id: number, signal?: AbortSignal) => api.logistics.deliveries.get({ params: { id }, signal });

/** The courier's deliveries of a tab (active, completed): a courier sees only their own. */
export function useDeliveries(tab: DeliveryTab) {
  return useQuery({ queryKey: deliveryKeys.list(tab), queryFn: ({ signal }) => getDeliveries(tab, signal), placeholderData: keepPreviousData });
}

export const deliveryQueryOptions = (id: number) => queryOptions({ queryKey: deliveryKeys.detail(id), queryFn: ({ signal }) => getDelivery(id, signal) });

/** One delivery with its stops in route order. */
export function useDelivery(id: number) {
  return useQuery(deliveryQueryOptions(id));
}

/** The waybill photo of a stop as an object URL (revoked by the component that shows it). */
export function useStopPhoto(id: number, stopId: number, enabled: boolean) {
  return useQuery({
    queryKey: deliveryKeys.photo(id, stopId),
    queryFn: async ({ signal }) => (await api.logistics.deliveries.stopPhoto({ params: { id, stopId }, signal })).blob,
    enabled,
    staleTime: Infinity,
  });
}

type StopCall<B> = { id: number; stopId: number; body: B };

/** Every stop outcome answers the delivery: it replaces the cached one, and the lists follow. */
function useStopMutation<B>(call: (input: StopCall<B>) => Promise<Delivery>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (delivery) => {
      queryClient.setQueryData(deliveryKeys.detail(delivery.id), delivery);
      void queryClient.invalidateQueries({ queryKey: ['deliveries', 'list'] });
    },
  });
}

export const useUploadStopPhoto = () =>
  useStopMutation<UploadStopPhotoBody>(({ id, stopId, body }) =>
    api.logistics.deliveries.uploadStopPhoto({ params: { id, stopId }, body, timeoutMs: fileTimeoutMs }),
  );
export const useDeliverStop = () =>
  useStopMutation<DeliverStopBody>(({ id, stopId, body }) => api.logistics.deliveries.deliverStop({ params: { id, stopId }, body }));
export const useDeliverPartly = () =>
  useStopMutation<DeliverPartlyBody>(({ id, stopId, body }) => api.logistics.deliveries.deliverPartly({ params: { id, stopId }, body }));
export const useRefuseStop = () =>
  useStopMutation<RefuseStopBody>(({ id, stopId, body }) => api.logistics.deliveries.refuseStop({ params: { id, stopId }, body }));

export const shareCourierPosition = (id: number, body: CourierPositionBody) => api.logistics.deliveries.sharePosition({ params: { id }, body });
