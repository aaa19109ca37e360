import type { GeocodeResponse, GeocodeResult, GeocoderStatus, Language, LatLng, MapConfig, ReverseGeocodeResponse } from '@pharma/contracts';
import { defaultMapCenter, nearbyRadiusM, uzbekistanBounds } from '@pharma/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { nearestOrganization, searchOwnAddresses } from '../organizations/organizations.service.js';

type GeocoderConfig = Pick<Config, 'GEOCODER_URL' | 'GEOCODER_REVERSE_URL' | 'GEOCODER_TIMEOUT_MS' | 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION'>;

export function mapConfig(config: GeocoderConfig): MapConfig {
  return {
    tileUrl: config.MAP_TILE_URL,
    attribution: config.MAP_TILE_ATTRIBUTION,
    geocoder: !!config.GEOCODER_URL,
    nearbyRadiusM,
    center: { ...defaultMapCenter },
    bounds: { ...uzbekistanBounds },
  };
}

const geocoderLanguage = (lng: Language) => (lng.startsWith('uz') ? 'uz' : lng);

/** GET on the external geocoder; null when it is not reachable in time or answers badly. */
async function callGeocoder(url: URL, config: GeocoderConfig, lng: Language, log?: FastifyBaseLogger): Promise<unknown | null> {
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('accept-language', geocoderLanguage(lng));
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'pharma-field/1.0 (address search)' },
      signal: AbortSignal.timeout(config.GEOCODER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return await response.json();
  } catch (error) {
    log?.warn({ err: error, host: url.host }, 'geocoder unavailable');
    return null;
  }
}

const toNumber = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN);

/**
 * Address search for the map screens: the product's own organizations (in the
 * actor's territories) first, then the external geocoder if configured and
 * reachable; when it is not, the own results alone with external 'unavailable'.
 */
export async function geocode(db: Db, actor: Actor, config: GeocoderConfig, q: string, lng: Language, log?: FastifyBaseLogger): Promise<GeocodeResponse> {
  const own: GeocodeResult[] = (await searchOwnAddresses(db, actor, q, 10)).map((o) => ({
    label: `${o.name} — ${o.address}`,
    lat: o.lat,
    lng: o.lng,
    source: 'organization',
    organizationId: o.id,
  }));
  if (!config.GEOCODER_URL) return { items: own, external: 'disabled' };
  const url = new URL(config.GEOCODER_URL);
  url.searchParams.set('q', q);
  url.searchParams.set('limit', '5');
  url.searchParams.set('countrycodes', 'uz');
  const answer = await callGeocoder(url, config, lng, log);
  if (!Array.isArray(answer)) return { items: own, external: 'unavailable' };
  const external: GeocodeResult[] = answer
    .map((r: Record<string, unknown>) => ({
      label: String(r.display_name ?? ''),
      lat: toNumber(r.lat),
      lng: toNumber(r.lon),
      source: 'geocoder' as const,
      organizationId: null,
    }))
    .filter((r) => r.label && Number.isFinite(r.lat) && Number.isFinite(r.lng));
  return { items: [...own, ...external], external: 'ok' };
}

/** A point picked on the map → the address to fill in, and the actor's organization standing there (within 50 m) if any. */
export async function reverseGeocode(
  db: Db,
  actor: Actor,
  config: GeocoderConfig,
  point: LatLng,
  lng: Language,
  log?: FastifyBaseLogger,
): Promise<ReverseGeocodeResponse> {
  const organization = await nearestOrganization(db, actor, point);
  let address: string | null = null;
  let external: GeocoderStatus = 'disabled';
  if (config.GEOCODER_REVERSE_URL) {
    const url = new URL(config.GEOCODER_REVERSE_URL);
    url.searchParams.set('lat', String(point.lat));
    url.searchParams.set('lon', String(point.lng));
    const answer = (await callGeocoder(url, config, lng, log)) as Record<string, unknown> | null;
    if (answer && typeof answer === 'object' && !Array.isArray(answer)) {
      external = 'ok';
      address = typeof answer.display_name === 'string' ? answer.display_name : null;
    } else {
      external = 'unavailable';
    }
  }
  return { address: address ?? organization?.address ?? null, organization, external };
}
