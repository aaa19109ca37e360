import { describe, expect, it } from 'vitest';
import { geolocationErrorOf, geolocationOptions } from './geolocation';

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
