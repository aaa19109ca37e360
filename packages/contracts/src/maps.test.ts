import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distanceMeters, movePoint, pointQuery, fieldIssues, nearbyRadiusM, mapLoadStatuses } from './index.js';

describe('distances (spec §9: nearby within 200 m)', () => {
  const tashkent = { lat: 41.2995, lng: 69.2401 };
  it('measures a known distance on the earthdistance sphere', () => {
    // one degree of latitude on a sphere of 6,378,168 m
    expect(distanceMeters({ lat: 41, lng: 69 }, { lat: 42, lng: 69 })).toBeCloseTo(111_320.03, 1);
    expect(distanceMeters(tashkent, tashkent)).toBe(0);
  });
  it('moves a point by a distance in any direction and measures it back', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 5000, noNaN: true }), fc.double({ min: 0, max: 359, noNaN: true }), (meters, bearing) => {
        const moved = movePoint(tashkent, meters, bearing);
        return Math.abs(distanceMeters(tashkent, moved) - meters) < 0.01;
      }),
    );
    expect(distanceMeters(tashkent, movePoint(tashkent, 199, 45))).toBeLessThan(nearbyRadiusM);
    expect(distanceMeters(tashkent, movePoint(tashkent, 201, 45))).toBeGreaterThan(nearbyRadiusM);
  });
  it('takes a point from a query string inside Uzbekistan only', () => {
    expect(pointQuery.parse({ lat: '41.3', lng: '69.24' })).toEqual({ lat: 41.3, lng: 69.24 });
    // latitude and longitude swapped
    const swapped = pointQuery.safeParse({ lat: '69.24', lng: '41.3' });
    expect(fieldIssues(swapped.error!).map((i) => i.key)).toEqual(['coordinatesOutsideUzbekistan', 'coordinatesOutsideUzbekistan']);
  });
  it('knows the four map-load states (spec §4)', () => {
    expect(mapLoadStatuses).toEqual(['pending', 'loading', 'loaded', 'error']);
  });
});
