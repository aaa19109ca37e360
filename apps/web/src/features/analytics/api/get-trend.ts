import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery, TrendGrain } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/analytics/trend: every measure per day, week or month of the period. */
export const trendQueryOptions = (query: AnalyticsQuery & { grain: TrendGrain }) =>
  queryOptions({
    queryKey: ['analytics', 'trend', query],
    queryFn: ({ signal }) => api.analytics.trend({ query, signal }),
    placeholderData: keepPreviousData,
  });

export const useTrend = (query: AnalyticsQuery & { grain: TrendGrain }) => useQuery(trendQueryOptions(query));
