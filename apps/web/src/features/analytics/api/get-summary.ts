import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/analytics/summary: every measure for the period, the one before and the same one last year. */
export const summaryQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'summary', query],
    queryFn: ({ signal }) => api.analytics.summary({ query, signal }),
    placeholderData: keepPreviousData,
  });

export const useSummary = (query: AnalyticsQuery) => useQuery(summaryQueryOptions(query));
