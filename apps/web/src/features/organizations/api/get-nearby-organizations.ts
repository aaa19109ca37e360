import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatLng, OrganizationType } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export interface NearbyParams extends LatLng {
  type?: readonly OrganizationType[];
  q?: string;
}

export const getNearbyOrganizations = (params: NearbyParams, signal?: AbortSignal) =>
  api.organizations.nearby({ query: { lat: params.lat, lng: params.lng, type: params.type?.join(','), q: params.q }, signal });

/** Points move by a few metres between readings: round to ~1 m so the cache still answers. */
const rounded = (n: number) => Math.round(n * 1e5) / 1e5;

export const nearbyQueryOptions = (params: NearbyParams) => {
  const key = { ...params, lat: rounded(params.lat), lng: rounded(params.lng) };
  return queryOptions({ queryKey: ['organizations', 'nearby', key], queryFn: ({ signal }) => getNearbyOrganizations(key, signal) });
};

/** Organizations within 200 m of the user, nearest first. */
export function useNearbyOrganizations(params: NearbyParams | null) {
  return useQuery({ ...nearbyQueryOptions(params ?? { lat: 0, lng: 0 }), enabled: !!params });
}
