import type { QueryClient } from '@tanstack/react-query';
import type { Visit, VisitSummary } from '@pharma/contracts';
import { onOutboxSent, queuedWrites, useOutbox } from '../../../lib/outbox';
import { queryClient } from '../../../lib/query-client';
import { visitKeys } from './invalidate';

/** What a visit's queued writes are about: the sync log and the visit screen's "waiting" mark read it. */
export const visitSubject = (id: number) => `visit:${id}`;

export type VisitWriteKind = 'visitPlan' | 'visitStart' | 'visitComplete' | 'visitCancel' | 'visitDoctor' | 'visitDrugs' | 'visitRemainders' | 'visitRating';
const visitWrites = queuedWrites<VisitWriteKind>('visits.visits', {
  visitPlan: 'plan',
  visitStart: 'start',
  visitComplete: 'complete',
  visitCancel: 'cancel',
  visitDoctor: 'addDoctor',
  visitDrugs: 'saveDrugResults',
  visitRemainders: 'saveRemainders',
  visitRating: 'rate',
});

/**
 * A write of a visit through the phone's queue (issue 16): the server's answer when it can be sent now,
 * else the visit as the rep left it (`patch` on what the screen shows) until the queue sends it.
 */
export async function queuedVisitWrite(kind: VisitWriteKind, visit: Visit, body: unknown, patch: Partial<Visit>, actedAt?: string): Promise<Visit> {
  const { answer } = await visitWrites<Visit>(
    kind,
    {
      ...(kind === 'visitPlan' ? { creates: visit.id } : { params: { id: visit.id } }),
      body,
      subject: visitSubject(visit.id),
      name: visit.organizationName,
      actedAt,
    },
    () => ({ ...visit, ...patch }),
  );
  return answer;
}

/** Whether a write of this kind for the visit waits in the phone's queue (the section says so, not "sent"). */
export function useVisitWriteWaiting(visitId: number, kind: VisitWriteKind): boolean {
  return useOutbox().items.some((i) => i.subject === visitSubject(visitId) && i.state === 'waiting' && i.label.kind === kind);
}

/** A visit the rep plans on the phone: a local (negative) id until the queue sends it. */
export function localVisit(
  init: Pick<Visit, 'id' | 'organizationId' | 'organizationName' | 'representativeId' | 'representativeName' | 'plannedStart' | 'plannedEnd'> & {
    comment?: string | null;
  },
): Visit {
  return {
    ...init,
    status: 'planned',
    comment: init.comment ?? null,
    startedAt: null,
    completedAt: null,
    proofScore: null,
    proofReasons: [],
    review: null,
    reviewComment: null,
    reviewedByName: null,
    reviewedAt: null,
    startPosition: null,
    endPosition: null,
    distanceM: null,
    cancelReason: null,
    doctors: [],
    drugResults: [],
    remainders: [],
    rating: null,
  };
}

/** A visit as a list shows it, made whole (a cancel from a list answers the visit like any other write). */
export const visitOf = (visit: VisitSummary | Visit): Visit => ('doctors' in visit ? visit : { ...localVisit(visit), ...visit });

/** A visit's write sent later by the queue: the visit's record is the server's answer (a planned one under its new id too). */
function followSent(client: QueryClient) {
  return onOutboxSent((item, answer) => {
    if (!item.endpoint.startsWith('visits.visits.') || !answer || typeof answer !== 'object') return;
    const visit = answer as Visit;
    if (typeof visit.id !== 'number') return;
    client.setQueryData(visitKeys.detail(visit.id), visit);
  });
}
followSent(queryClient);
