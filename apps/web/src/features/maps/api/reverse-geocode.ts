import { useQuery } from '@tanstack/react-query';
import type { LatLng } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const reverseGeocode = (point: LatLng, signal?: AbortSignal) => api.geocode.reverse({ query: { lat: point.lat, lng: point.lng }, signal });

/** The address at a picked point and an own organization standing there (within 50 m). */
export function useReverseGeocode(point: LatLng | null) {
  return useQuery({
    queryKey: ['maps', 'reverse', point?.lat, point?.lng],
    queryFn: ({ signal }) => reverseGeocode(point!, signal),
    enabled: !!point,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
