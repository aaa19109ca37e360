import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/analytics/coverage: the territory's organizations with their state in the period, the counts and the uncovered list. */
export const coverageQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'coverage', query],
    queryFn: ({ signal }) => api.analytics.coverage({ query, signal }),
    placeholderData: keepPreviousData,
  });

export const useCoverage = (query: AnalyticsQuery) => useQuery(coverageQueryOptions(query));
