import { z } from 'zod';
import { searchMinLength } from './common/paging.js';

/** Nearby organization search radius, metres (spec §9). */
export const nearbyRadiusM = 200;
/** Two organizations with similar names closer than this are a likely duplicate. */
export const duplicateRadiusM = 50;
/**
 * The sphere PostgreSQL's earthdistance measures on (`earth()`), metres; the
 * distances computed here and in SQL agree to the centimetre.
 */
export const earthRadiusM = 6_378_168;

/** The map-service load status (spec §4): four states. */
export const mapLoadStatuses = ['pending', 'loading', 'loaded', 'error'] as const;
export type MapLoadStatus = (typeof mapLoadStatuses)[number];

/**
 * Points are accepted inside a box around Uzbekistan (a point outside is
 * almost always a slip on the map or latitude and longitude swapped).
 */
export const uzbekistanBounds = { south: 37.1, north: 45.6, west: 55.9, east: 73.2 } as const;
/** Where a map opens when nothing is picked yet: Tashkent. */
export const defaultMapCenter = { lat: 41.2995, lng: 69.2401, zoom: 12 } as const;

export const latitude = z
  .number()
  .min(uzbekistanBounds.south, { error: 'coordinatesOutsideUzbekistan' })
  .max(uzbekistanBounds.north, { error: 'coordinatesOutsideUzbekistan' });
export const longitude = z
  .number()
  .min(uzbekistanBounds.west, { error: 'coordinatesOutsideUzbekistan' })
  .max(uzbekistanBounds.east, { error: 'coordinatesOutsideUzbekistan' });

/** A number from a query string; absent or empty stays undefined (→ 'required'). */
const fromQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v), schema);

/** A point given in a query string (?lat=41.3&lng=69.2). */
export const pointQuery = z.object({
  lat: fromQuery(latitude),
  lng: fromQuery(longitude),
});
export type PointQuery = z.infer<typeof pointQuery>;

/** Latitude and longitude come together or not at all. */
export function pointPair(latKey: string, lngKey: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const hasLat = value[latKey] !== null && value[latKey] !== undefined;
    const hasLng = value[lngKey] !== null && value[lngKey] !== undefined;
    if (hasLat && !hasLng) ctx.addIssue({ code: 'custom', path: [lngKey], message: 'required' });
    if (hasLng && !hasLat) ctx.addIssue({ code: 'custom', path: [latKey], message: 'required' });
  };
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in metres on the same sphere as PostgreSQL's earth_distance. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `meters` away from `from` towards `bearingDeg` (0 = north, 90 = east). */
export function movePoint(from: LatLng, meters: number, bearingDeg: number): LatLng {
  const rad = Math.PI / 180;
  const d = meters / earthRadiusM;
  const brg = bearingDeg * rad;
  const lat1 = from.lat * rad;
  const lng1 = from.lng * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(brg));
  const lng2 = lng1 + Math.atan2(Math.sin(brg) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: lng2 / rad };
}

/** Map settings for the web map component: GET /api/geocode/config. */
export const mapConfig = z.object({
  /** Leaflet tile URL template ({s}, {z}, {x}, {y}) */
  tileUrl: z.string(),
  attribution: z.string(),
  /** whether an external geocoder is configured (own organizations are always searched) */
  geocoder: z.boolean(),
  nearbyRadiusM: z.number(),
  center: z.object({ lat: z.number(), lng: z.number(), zoom: z.number() }),
  bounds: z.object({ south: z.number(), north: z.number(), west: z.number(), east: z.number() }),
});
export type MapConfig = z.infer<typeof mapConfig>;

/**
 * How the external geocoder answered: ok; unavailable (not reachable, timed
 * out or failed — only the product's own results are shown); disabled (not configured).
 */
export const geocoderStatuses = ['ok', 'unavailable', 'disabled'] as const;
export type GeocoderStatus = (typeof geocoderStatuses)[number];

export const geocodeQuery = z.object({
  q: z.string().trim().min(searchMinLength, { error: 'searchMin' }).max(200),
});
export type GeocodeQuery = z.infer<typeof geocodeQuery>;

export const geocodeSources = ['organization', 'geocoder'] as const;
export const geocodeResult = z.object({
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  source: z.enum(geocodeSources),
  /** set for the product's own organizations */
  organizationId: z.number().int().nullable(),
});
export type GeocodeResult = z.infer<typeof geocodeResult>;

/** Address search: the product's own organizations first, then the external geocoder. */
export const geocodeResponse = z.object({ items: z.array(geocodeResult), external: z.enum(geocoderStatuses) });
export type GeocodeResponse = z.infer<typeof geocodeResponse>;

/** A point picked on the map → the address to fill in (and an own organization standing there). */
export const reverseGeocodeResponse = z.object({
  address: z.string().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string(), address: z.string(), distance: z.number() }).nullable(),
  external: z.enum(geocoderStatuses),
});
export type ReverseGeocodeResponse = z.infer<typeof reverseGeocodeResponse>;
