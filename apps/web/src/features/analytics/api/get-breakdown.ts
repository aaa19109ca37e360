import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery, BreakdownDimension } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/analytics/breakdown: every measure per row of a dimension (a report), with totals. */
export const breakdownQueryOptions = (query: AnalyticsQuery & { by: BreakdownDimension }) =>
  queryOptions({
    queryKey: ['analytics', 'breakdown', query],
    queryFn: ({ signal }) => api.analytics.breakdown({ query, signal }),
    placeholderData: keepPreviousData,
  });

export const useBreakdown = (query: AnalyticsQuery & { by: BreakdownDimension }) => useQuery(breakdownQueryOptions(query));
