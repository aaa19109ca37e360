import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanVisitBody, Visit } from '@pharma/contracts';
import { localId } from '../../../lib/outbox';
import { afterVisitChange } from './invalidate';
import { localVisit, queuedVisitWrite } from './queued-visit-write';

/**
 * POST /api/visits through the phone's queue: the server's visit, or (no network) one with a local id
 * the queue replaces with the server's when it sends it. `names` are what the lists show meanwhile.
 */
export const planVisit = ({ body, names }: { body: PlanVisitBody; names: { organizationName: string; representativeName: string } }): Promise<Visit> =>
  queuedVisitWrite(
    'visitPlan',
    localVisit({
      id: localId(),
      organizationId: body.organizationId,
      representativeId: body.representativeId,
      plannedStart: body.plannedStart,
      plannedEnd: body.plannedEnd,
      comment: body.comment ?? null,
      ...names,
    }),
    body,
    {},
  );

/** POST /api/visits: 'Visit successfully created' (from the planning screens, or for oneself on the spot). */
export function usePlanVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: planVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
