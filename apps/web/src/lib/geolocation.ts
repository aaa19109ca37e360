import { useCallback, useEffect, useRef, useState } from 'react';
import { coordinatesStorageKey, type LatLng } from '@pharma/contracts';
import { storage } from './storage';

/** Geolocation defaults (spec §9): high accuracy, a cached position up to 30 s old, give up after 27 s. */
export const geolocationOptions: PositionOptions = { enableHighAccuracy: true, maximumAge: 30_000, timeout: 27_000 };

/** The geolocation failures of spec §8; their texts are `maps:geolocation.<key>`. */
export const geolocationErrors = ['denied', 'unavailable', 'timeout', 'unknown', 'unsupported'] as const;
export type GeolocationError = (typeof geolocationErrors)[number];

export function geolocationErrorOf(error: Pick<GeolocationPositionError, 'code'> | null | undefined): GeolocationError {
  switch (error?.code) {
    case 1:
      return 'denied';
    case 2:
      return 'unavailable';
    case 3:
      return 'timeout';
    default:
      return 'unknown';
  }
}

export interface Position extends LatLng {
  /** metres */
  accuracy: number | null;
  /** epoch ms */
  at: number;
}

/** The last known position (localStorage `coordinates`, cleared on sign-out). */
export function storedPosition(maxAgeMs = geolocationOptions.maximumAge ?? 30_000): Position | null {
  const value = storage.getJson<Partial<Position>>(coordinatesStorageKey, {});
  if (typeof value.lat !== 'number' || typeof value.lng !== 'number' || typeof value.at !== 'number') return null;
  if (Date.now() - value.at > maxAgeMs) return null;
  return { lat: value.lat, lng: value.lng, accuracy: value.accuracy ?? null, at: value.at };
}

/** A reading failed: `reason` names the spec §8 message (`maps:geolocation.<reason>`). */
export class GeolocationFailure extends Error {
  readonly reason: GeolocationError;
  constructor(reason: GeolocationError) {
    super(`geolocation ${reason}`);
    this.name = 'GeolocationFailure';
    this.reason = reason;
  }
}

export function isGeolocationFailure(error: unknown): error is GeolocationFailure {
  return error instanceof GeolocationFailure;
}

/** The browser's geolocation API, null when it has none. */
export function browserGeolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && navigator.geolocation ? navigator.geolocation : null;
}

/**
 * One reading of the browser position with the spec's options, kept as the last known position.
 * Rejects with a GeolocationFailure (denied, unavailable, timeout, unknown, unsupported).
 */
export function readPosition(geolocation: Geolocation | null = browserGeolocation()): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new GeolocationFailure('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (found) => {
        const position: Position = {
          lat: found.coords.latitude,
          lng: found.coords.longitude,
          accuracy: Number.isFinite(found.coords.accuracy) ? found.coords.accuracy : null,
          at: Date.now(),
        };
        storage.set(coordinatesStorageKey, JSON.stringify(position));
        resolve(position);
      },
      (error) => reject(new GeolocationFailure(geolocationErrorOf(error))),
      geolocationOptions,
    );
  });
}

export type PositionState =
  | { status: 'idle'; position: Position | null; error: null }
  | { status: 'locating'; position: Position | null; error: null }
  | { status: 'located'; position: Position; error: null }
  | { status: 'failed'; position: Position | null; error: GeolocationError };

/**
 * The user's position from the browser (one reading per `locate()`), with the spec's options and
 * errors. `auto` asks once on mount.
 */
export function useCurrentPosition({ auto = false }: { auto?: boolean } = {}) {
  const [state, setState] = useState<PositionState>(() => {
    const stored = storedPosition();
    return stored ? { status: 'located', position: stored, error: null } : { status: 'idle', position: null, error: null };
  });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    const geolocation = browserGeolocation();
    if (!geolocation) {
      setState((s) => ({ status: 'failed', position: s.position, error: 'unsupported' }));
      return;
    }
    setState((s) => ({ status: 'locating', position: s.position, error: null }));
    readPosition(geolocation).then(
      (position) => {
        if (alive.current) setState({ status: 'located', position, error: null });
      },
      (error: unknown) => {
        if (!alive.current) return;
        const reason = isGeolocationFailure(error) ? error.reason : 'unknown';
        setState((s) => ({ status: 'failed', position: s.position, error: reason }));
      },
    );
  }, []);

  useEffect(() => {
    if (auto) locate();
  }, [auto, locate]);

  return { ...state, locate };
}
