import type { QueryClient } from '@tanstack/react-query';
import type { Visit, VisitOrder } from '@pharma/contracts';

/** Query keys of the visit screen; every key starts with the domain ('visits'). */
export const visitKeys = {
  detail: (id: number) => ['visits', 'detail', id] as const,
  current: (organizationId: number) => ['visits', 'current', organizationId] as const,
  order: (id: number) => ['visits', 'order', id] as const,
};

/**
 * A visit changed: its record is the server's answer; lists, calendars, the current visit and the
 * main screen's counts load again. The visit's order is left alone (it changes with its own calls).
 */
export function afterVisitChange(queryClient: QueryClient, visit: Visit) {
  queryClient.setQueryData(visitKeys.detail(visit.id), visit);
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'visits' && query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'order',
  });
}

/** The visit's order changed (reservation, pre-order): the answer is the new order; stock figures elsewhere load again. */
export function afterOrderChange(queryClient: QueryClient, visitId: number, order: VisitOrder) {
  queryClient.setQueryData(visitKeys.order(visitId), order);
  for (const key of [['stock'], ['reservations'], ['products']]) void queryClient.invalidateQueries({ queryKey: key });
}
