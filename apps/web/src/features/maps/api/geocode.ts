import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchMinLength } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const geocode = (q: string, signal?: AbortSignal) => api.geocode.search({ query: { q }, signal });

export const geocodeQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['maps', 'geocode', q], queryFn: ({ signal }) => geocode(q, signal), staleTime: 5 * 60_000, placeholderData: keepPreviousData });

/** Address search: the user's own organizations first, then the external geocoder when it answers. */
export function useGeocode(q: string) {
  const text = q.trim();
  return useQuery({ ...geocodeQueryOptions(text), enabled: text.length >= searchMinLength });
}
