import type { QueryClient } from '@tanstack/react-query';
import type { Visit, VisitOrder } from '@pharma/contracts';

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
