import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit, VisitOrder, VisitOrderLineBody, VisitReservation } from '@pharma/contracts';
import { localId, queuedWrites } from '../../../lib/outbox';
import { getSession } from '../../../lib/session';
import { afterOrderChange } from './invalidate';
import { visitSubject } from './queued-visit-write';

/** The product a line is about, as the screen knows it (the local answer shows it until the server's). */
export interface OrderLineProduct {
  productName: string;
  producerName?: string;
}
type OrderCall = { visit: Visit; order: VisitOrder };
type OrderWriteKind = 'orderReserve' | 'orderRelease' | 'orderPreOrder' | 'orderRemovePreOrder';
const orderWrites = queuedWrites<OrderWriteKind>('visits.order', {
  orderReserve: 'reserve',
  orderRelease: 'release',
  orderPreOrder: 'addPreOrder',
  orderRemovePreOrder: 'removePreOrder',
});

/**
 * A write of the visit's order through the phone's queue (issue 16), in the visit's own order of writes:
 * the server's order when it can be sent now, else the order as the rep left it. A reservation made
 * offline is the server's to decide: short stock then needs the rep's attention in the sync log.
 */
async function queuedOrderWrite(kind: OrderWriteKind, { visit }: OrderCall, params: Record<string, unknown>, body: unknown, local: () => VisitOrder) {
  const { answer } = await orderWrites<VisitOrder>(
    kind,
    { params: { id: visit.id, ...params }, ...(body === undefined ? {} : { body }), subject: visitSubject(visit.id), name: visit.organizationName },
    local,
  );
  return answer;
}

export const reserveLine = ({ body, product, ...call }: OrderCall & { body: VisitOrderLineBody; product: OrderLineProduct }) =>
  queuedOrderWrite('orderReserve', call, {}, body, () => {
    const me = getSession().user;
    // held on the phone: no batch yet (the server picks it by FEFO when it gets the reservation)
    const held: VisitReservation = {
      id: localId(),
      batchId: 0,
      productId: body.productId,
      productName: product.productName,
      producerName: product.producerName ?? '',
      warehouseId: 0,
      warehouseName: '',
      series: '',
      expiryDate: '',
      quantity: body.quantity,
      status: 'active',
      documentType: 'visit',
      documentId: String(call.visit.id),
      createdById: me?.id ?? 0,
      createdByName: me?.fullName ?? '',
      createdAt: new Date().toISOString(),
      expiresAt: null,
      closedAt: null,
      closeReason: null,
      salePrice: 0,
      sumSale: 0,
      shelfLife: null,
    };
    return { ...call.order, reservations: [...call.order.reservations, held] };
  });
export const releaseReservation = ({ reservationId, ...call }: OrderCall & { reservationId: number }) =>
  queuedOrderWrite('orderRelease', call, { reservationId }, undefined, () => ({
    ...call.order,
    reservations: call.order.reservations.filter((r) => r.id !== reservationId),
  }));
export const preOrderLine = ({ body, product, ...call }: OrderCall & { body: VisitOrderLineBody; product: OrderLineProduct }) =>
  queuedOrderWrite('orderPreOrder', call, {}, body, () => ({
    ...call.order,
    preOrders: [
      ...call.order.preOrders.filter((p) => p.productId !== body.productId),
      { productId: body.productId, productName: product.productName, producerName: product.producerName ?? '', quantity: body.quantity },
    ],
  }));
export const removePreOrder = ({ productId, ...call }: OrderCall & { productId: number }) =>
  queuedOrderWrite('orderRemovePreOrder', call, { productId }, undefined, () => ({
    ...call.order,
    preOrders: call.order.preOrders.filter((p) => p.productId !== productId),
  }));

function useOrderMutation<T extends OrderCall>(fn: (input: T) => Promise<VisitOrder>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (order, input) => afterOrderChange(queryClient, input.visit.id, order) });
}

/** Reserves stock by FEFO for this visit; the hold ends by itself unless an order confirms it (INSUFFICIENT_STOCK when short). */
export const useReserveLine = () => useOrderMutation(reserveLine);
export const useReleaseReservation = () => useOrderMutation(releaseReservation);
/** A pre-order: no stock needed. */
export const usePreOrderLine = () => useOrderMutation(preOrderLine);
export const useRemovePreOrder = () => useOrderMutation(removePreOrder);
