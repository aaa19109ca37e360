import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessDate, daysBetween, type Visit } from '@pharma/contracts';
import { dropOutboxSubject } from '../../../lib/outbox';
import { afterVisitChange } from './invalidate';
import { planVisit } from './plan-visit';
import { visitSubject } from './queued-visit-write';

const dayMs = 24 * 3_600_000;

/**
 * A visit whose writes the server refused because it was cancelled (or changed) meanwhile, planned again
 * (issue 16): the same organization and hours on `date` (Tashkent keeps no daylight saving: whole days),
 * through the phone's queue; what was made for the old visit and not sent is dropped.
 */
export async function replanVisit({ visit, date }: { visit: Visit; date: string }): Promise<Visit> {
  const shift = daysBetween(businessDate(new Date(visit.plannedStart)), date) * dayMs;
  const at = (instant: string) => new Date(Date.parse(instant) + shift).toISOString();
  const planned = await planVisit({
    body: {
      organizationId: visit.organizationId,
      representativeId: visit.representativeId,
      doctorIds: [],
      plannedStart: at(visit.plannedStart),
      plannedEnd: at(visit.plannedEnd),
      comment: visit.comment ?? undefined,
    },
    names: { organizationName: visit.organizationName, representativeName: visit.representativeName },
  });
  await dropOutboxSubject(visitSubject(visit.id));
  return planned;
}

export function useReplanVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replanVisit, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}
