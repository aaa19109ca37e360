import type { QueryClient } from '@tanstack/react-query';
import { businessDate, defaultVisitHoldHours, type Paged, type Visit, type VisitOrder, type VisitSummary } from '@pharma/contracts';

/** The query keys of every visits screen (day, calendar, visit screen, history); every key starts with the domain ('visits'). */
export const visitKeys = {
  all: ['visits'] as const,
  detail: (id: number) => ['visits', 'detail', id] as const,
  current: (organizationId: number) => ['visits', 'current', organizationId] as const,
  order: (id: number) => ['visits', 'order', id] as const,
  list: (params: object) => ['visits', 'list', params] as const,
  calendar: (month: string, representativeId: number | null) => ['visits', 'calendar', month, representativeId] as const,
  organizationHistory: (organizationId: number, params: object) => ['visits', 'organization-history', organizationId, params] as const,
  questionable: (params: object) => ['visits', 'questionable', params] as const,
};

/**
 * A visit changed (planned, edited, started, completed, cancelled, rated, reviewed): its record is the
 * server's answer; lists, calendars, histories, the current visit, the main screen's counts and the
 * audit log load again. The visit's order is left alone (it changes with its own calls).
 */
export function afterVisitChange(queryClient: QueryClient, visit: Visit) {
  queryClient.setQueryData(visitKeys.detail(visit.id), visit);
  showInLists(queryClient, visit);
  // a visit planned on the phone has nothing ordered yet: its order section starts empty
  if (visit.id < 0 && !queryClient.getQueryData(visitKeys.order(visit.id)))
    queryClient.setQueryData<VisitOrder>(visitKeys.order(visit.id), {
      holdHours: defaultVisitHoldHours,
      reservations: [],
      sumSale: 0,
      preOrders: [],
      previousVisit: null,
      suggested: [],
    });
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'visits' && query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'order',
  });
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
}

/** The visit's order changed (reservation, pre-order): the answer is the new order; stock figures elsewhere load again. */
export function afterOrderChange(queryClient: QueryClient, visitId: number, order: VisitOrder) {
  queryClient.setQueryData(visitKeys.order(visitId), order);
  for (const key of [['stock'], ['reservations'], ['products']]) void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * The visit as the lists already loaded show it: replaced where it is, added (a visit planned on the
 * phone) where its day and status belong. Offline the lists cannot load again, and the rep's day must
 * show what they did (issue 16); online the lists load again anyway.
 */
function showInLists(queryClient: QueryClient, visit: Visit) {
  const summary: VisitSummary = {
    id: visit.id,
    status: visit.status,
    organizationId: visit.organizationId,
    organizationName: visit.organizationName,
    representativeId: visit.representativeId,
    representativeName: visit.representativeName,
    plannedStart: visit.plannedStart,
    plannedEnd: visit.plannedEnd,
    startedAt: visit.startedAt,
    completedAt: visit.completedAt,
    comment: visit.comment,
    proofScore: visit.proofScore,
    proofReasons: visit.proofReasons,
    review: visit.review,
    reviewComment: visit.reviewComment,
    reviewedByName: visit.reviewedByName,
    reviewedAt: visit.reviewedAt,
  };
  const day = businessDate(new Date(visit.plannedStart));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['visits', 'list'] })) {
    const page = query.state.data as Paged<VisitSummary> | undefined;
    if (!page) continue;
    const params = (query.queryKey[2] ?? {}) as { from?: string; to?: string; status?: string; representativeId?: number; organizationId?: number };
    const at = page.items.findIndex((v) => v.id === visit.id);
    const belongs =
      (!params.from || params.from <= day) &&
      (!params.to || day <= params.to) &&
      (!params.status || params.status === visit.status) &&
      (!params.representativeId || params.representativeId === visit.representativeId) &&
      (!params.organizationId || params.organizationId === visit.organizationId);
    if (at >= 0) {
      const items = belongs ? page.items.map((v, i) => (i === at ? summary : v)) : page.items.filter((_, i) => i !== at);
      queryClient.setQueryData(query.queryKey, { ...page, items, total: page.total - (belongs ? 0 : 1) });
    } else if (belongs && visit.id < 0) {
      const items = [...page.items, summary].sort((a, b) => a.plannedStart.localeCompare(b.plannedStart));
      queryClient.setQueryData(query.queryKey, { ...page, items, total: page.total + 1 });
    }
  }
}
