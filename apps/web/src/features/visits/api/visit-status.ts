import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeoPosition } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterVisitChange } from './invalidate';

export const startVisit = ({ id, position }: { id: number; position: GeoPosition }) => api.visits.visits.start({ params: { id }, body: { position } });
export const completeVisit = ({ id, position }: { id: number; position: GeoPosition }) => api.visits.visits.complete({ params: { id }, body: { position } });
/** POST /api/visits/:id/cancel; no reason (or a blank one) is sent as null, as `cancelVisitBody` documents. */
export const cancelVisit = ({ id, reason }: { id: number; reason?: string | null }) =>
  api.visits.visits.cancel({ params: { id }, body: { reason: reason?.trim() || null } });

/** Starts a planned or overdue visit with the device's position (geolocation required). */
export function useStartVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}

/** Completes the visit with the device's position; the answer carries the visit-proof score. */
export function useCompleteVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}

/** 'Do you really want to cancel?' — then the visit is cancelled. */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
