import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultMapCenter, nearbyRadiusM, uzbekistanBounds, type MapConfig } from '@pharma/contracts';
import { api } from './api-client';

/**
 * The tiles of every map. The server's MAP_TILE_URL (GET /api/geocode/config) wins; without an answer
 * the build's VITE_MAP_TILE_URL, then OpenStreetMap.
 */
export const fallbackMapConfig: MapConfig = {
  tileUrl: import.meta.env.VITE_MAP_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: import.meta.env.VITE_MAP_TILE_ATTRIBUTION || '© OpenStreetMap contributors',
  geocoder: false,
  nearbyRadiusM,
  center: { ...defaultMapCenter },
  bounds: { ...uzbekistanBounds },
};

export const getMapConfig = (signal?: AbortSignal) => api.geocode.config({ signal });

export const mapConfigQueryOptions = () =>
  queryOptions({ queryKey: ['maps', 'config'], queryFn: ({ signal }) => getMapConfig(signal), staleTime: Infinity, retry: 1 });

/** The map settings; while they load (or if they cannot) the fallback, so a map never waits on them for long. */
export function useMapConfig(): { config: MapConfig; ready: boolean } {
  const query = useQuery(mapConfigQueryOptions());
  return { config: query.data ?? fallbackMapConfig, ready: !query.isPending };
}
