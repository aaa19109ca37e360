import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './invalidate';

export const getVisitCalendar = (month: string, representativeId: number | undefined, signal?: AbortSignal) =>
  api.visits.visits.calendar({ query: { month, representativeId }, signal });

export const visitCalendarQueryOptions = (month: string, representativeId?: number) =>
  queryOptions({
    queryKey: visitKeys.calendar(month, representativeId ?? null),
    queryFn: ({ signal }) => getVisitCalendar(month, representativeId, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/visits/calendar?month=YYYY-MM: visits per day of the month, by status (/visits). */
export function useVisitCalendar(month: string, representativeId?: number) {
  return useQuery(visitCalendarQueryOptions(month, representativeId));
}
