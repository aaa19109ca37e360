import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { monthlySalesQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type MonthlySalesParams = z.input<typeof monthlySalesQuery>;

/** GET /api/analytics/monthly-sales: products (categories, producers) × months with plans. */
export const monthlySalesQueryOptions = (query: MonthlySalesParams) =>
  queryOptions({
    queryKey: ['analytics', 'monthlySales', query],
    queryFn: ({ signal }) => api.analytics.monthlySales({ query, signal }),
    placeholderData: keepPreviousData,
  });

export const useMonthlySales = (query: MonthlySalesParams) => useQuery(monthlySalesQueryOptions(query));
