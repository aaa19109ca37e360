import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeoPosition, Visit, VisitSummary } from '@pharma/contracts';
import { afterVisitChange } from './invalidate';
import { queuedVisitWrite, visitOf } from './queued-visit-write';

const at = (p: GeoPosition) => ({ lat: p.lat, lng: p.lng, accuracy: p.accuracy });

/** Started at the moment the position was read, on the phone's queue when there is no network. */
export const startVisit = ({ visit, position }: { visit: Visit; position: GeoPosition }) =>
  queuedVisitWrite(
    'visitStart',
    visit,
    { position },
    { status: 'in_progress', startedAt: position.deviceTime, startPosition: at(position) },
    position.deviceTime,
  );
export const completeVisit = ({ visit, position }: { visit: Visit; position: GeoPosition }) =>
  queuedVisitWrite(
    'visitComplete',
    visit,
    { position },
    { status: 'completed', completedAt: position.deviceTime, endPosition: at(position) },
    position.deviceTime,
  );
/** POST /api/visits/:id/cancel; no reason (or a blank one) is sent as null, as `cancelVisitBody` documents. */
export const cancelVisit = ({ visit, reason }: { visit: Visit | VisitSummary; reason?: string | null }) =>
  queuedVisitWrite('visitCancel', visitOf(visit), { reason: reason?.trim() || null }, { status: 'cancelled', cancelReason: reason?.trim() || null });

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
