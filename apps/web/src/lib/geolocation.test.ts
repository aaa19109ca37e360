import { describe, expect, it } from 'vitest';
import { geolocationErrorOf, geolocationOptions, isGeolocationFailure, readPosition } from './geolocation';

describe('geolocation', () => {
  it('asks with the spec defaults: high accuracy, 30 s old position at most, 27 s time-out', () => {
    expect(geolocationOptions).toEqual({ enableHighAccuracy: true, maximumAge: 30_000, timeout: 27_000 });
  });

  it('names every failure of the browser API', () => {
    expect(geolocationErrorOf({ code: 1 })).toBe('denied');
    expect(geolocationErrorOf({ code: 2 })).toBe('unavailable');
    expect(geolocationErrorOf({ code: 3 })).toBe('timeout');
    expect(geolocationErrorOf({ code: 99 })).toBe('unknown');
    expect(geolocationErrorOf(null)).toBe('unknown');
  });
});

describe('readPosition', () => {
  const fake = (answer: { coords?: Partial<GeolocationCoordinates>; code?: number }) => {
    const calls: PositionOptions[] = [];
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
        calls.push(options);
        if (answer.coords) ok({ coords: answer.coords, timestamp: Date.now() } as GeolocationPosition);
        else fail({ code: answer.code } as GeolocationPositionError);
      },
    } as unknown as Geolocation;
    return { geolocation, calls };
  };

  it('reads once with the spec options and answers the point and its accuracy', async () => {
    const { geolocation, calls } = fake({ coords: { latitude: 41.3, longitude: 69.2, accuracy: 12 } });
    await expect(readPosition(geolocation)).resolves.toMatchObject({ lat: 41.3, lng: 69.2, accuracy: 12 });
    expect(calls).toEqual([geolocationOptions]);
  });

  it('rejects with the spec failure of each browser error, and unsupported without the API', async () => {
    for (const [code, reason] of [
      [1, 'denied'],
      [2, 'unavailable'],
      [3, 'timeout'],
      [7, 'unknown'],
    ] as const) {
      const failure = await readPosition(fake({ code }).geolocation).catch((e: unknown) => e);
      expect(isGeolocationFailure(failure) && failure.reason).toBe(reason);
    }
    const missing = await readPosition(null).catch((e: unknown) => e);
    expect(isGeolocationFailure(missing) && missing.reason).toBe('unsupported');
  });
});
