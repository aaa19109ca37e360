import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/analytics/track: a representative's day as their visits' start positions, in order. */
export const trackQueryOptions = (representativeId: number | undefined, day: string | undefined) =>
  queryOptions({
    queryKey: ['analytics', 'track', representativeId, day],
    queryFn: ({ signal }) => api.analytics.track({ query: { representativeId: representativeId!, day: day! }, signal }),
    enabled: !!representativeId && !!day,
  });

export const useTrack = (representativeId: number | undefined, day: string | undefined) => useQuery(trackQueryOptions(representativeId, day));
