import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitOrder, VisitOrderLineBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterOrderChange } from './invalidate';

export const reserveLine = ({ id, body }: { id: number; body: VisitOrderLineBody }) => api.visits.order.reserve({ params: { id }, body });
export const releaseReservation = ({ id, reservationId }: { id: number; reservationId: number }) => api.visits.order.release({ params: { id, reservationId } });
export const preOrderLine = ({ id, body }: { id: number; body: VisitOrderLineBody }) => api.visits.order.addPreOrder({ params: { id }, body });
export const removePreOrder = ({ id, productId }: { id: number; productId: number }) => api.visits.order.removePreOrder({ params: { id, productId } });

function useOrderMutation<T extends { id: number }>(fn: (input: T) => Promise<VisitOrder>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (order, input) => afterOrderChange(queryClient, input.id, order) });
}

/** Reserves stock by FEFO for this visit; the hold ends by itself unless an order confirms it (INSUFFICIENT_STOCK when short). */
export const useReserveLine = () => useOrderMutation(reserveLine);
export const useReleaseReservation = () => useOrderMutation(releaseReservation);
/** A pre-order: no stock needed. */
export const usePreOrderLine = () => useOrderMutation(preOrderLine);
export const useRemovePreOrder = () => useOrderMutation(removePreOrder);
