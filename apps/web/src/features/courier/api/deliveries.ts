import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CourierPositionBody,
  DeliverPartlyBody,
  DeliverStopBody,
  Delivery,
  DeliveryStop,
  DeliveryTab,
  RefuseStopBody,
  UploadStopPhotoBody,
} from '@pharma/contracts';
import { api, fileTimeoutMs } from '../../../lib/api-client';
import { queuedWrites } from '../../../lib/outbox';
import type { DayLoader } from '../../../lib/day-data';

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

type StopCall<B> = { delivery: Delivery; stopId: number; body: B };

/** What a delivery's queued writes are about (the sync log, the delivery's "waiting" mark). */
export const deliverySubject = (id: number) => `delivery:${id}`;

type StopWriteKind = 'stopPhoto' | 'stopDelivered' | 'stopPartial' | 'stopRefused';
const stopWrites = queuedWrites<StopWriteKind>(
  'logistics.deliveries',
  { stopPhoto: 'uploadStopPhoto', stopDelivered: 'deliverStop', stopPartial: 'deliverPartly', stopRefused: 'refuseStop' },
  // a waybill photo may take longer on a field network
  { stopPhoto: fileTimeoutMs },
);

/**
 * A stop's write through the phone's queue (issue 16): the server's delivery when it can be sent now,
 * else the delivery with the stop as the courier closed it, until the queue sends it (in order: the
 * photo before the outcome that needs it).
 */
async function queuedStopWrite<B>(kind: StopWriteKind, { delivery, stopId, body }: StopCall<B>, patch: Partial<DeliveryStop>): Promise<Delivery> {
  const stop = delivery.stops.find((s) => s.id === stopId);
  const { answer } = await stopWrites<Delivery>(
    kind,
    {
      params: { id: delivery.id, stopId },
      body,
      subject: deliverySubject(delivery.id),
      name: stop ? `${stop.organizationName} · ${stop.orderNumber}` : delivery.number,
    },
    () => ({ ...delivery, stops: delivery.stops.map((s) => (s.id === stopId ? { ...s, ...patch } : s)) }),
  );
  return answer;
}

const closed = (body: { lat: number; lng: number; accuracy: number }, status: DeliveryStop['status']): Partial<DeliveryStop> => ({
  status,
  deliveredAt: new Date().toISOString(),
  proof: { lat: body.lat, lng: body.lng, accuracy: body.accuracy, distanceM: null, far: false },
});

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

export const useUploadStopPhoto = () => useStopMutation<UploadStopPhotoBody>((call) => queuedStopWrite('stopPhoto', call, { hasPhoto: true }));
export const useDeliverStop = () =>
  useStopMutation<DeliverStopBody>((call) =>
    queuedStopWrite('stopDelivered', call, { ...closed(call.body, 'delivered'), recipientName: call.body.recipientName }),
  );
export const useDeliverPartly = () =>
  useStopMutation<DeliverPartlyBody>((call) =>
    queuedStopWrite('stopPartial', call, { ...closed(call.body, 'partial'), recipientName: call.body.recipientName }),
  );
export const useRefuseStop = () =>
  useStopMutation<RefuseStopBody>((call) => queuedStopWrite('stopRefused', call, { ...closed(call.body, 'refused'), refusalReason: call.body.reason }));

export const shareCourierPosition = (id: number, body: CourierPositionBody) => api.logistics.deliveries.sharePosition({ params: { id }, body });

/** A courier's day on the phone (issue 16): the active deliveries with their stops, orders, lines and route. */
export const loadCourierDay: DayLoader = async (client) => {
  const list = await client.fetchQuery({ queryKey: deliveryKeys.list('active'), queryFn: ({ signal }) => getDeliveries('active', signal), staleTime: 0 });
  await Promise.all(list.items.map((d) => client.prefetchQuery({ ...deliveryQueryOptions(d.id), staleTime: 0 })));
};
