import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { movePoint, nearestNeighbourRoute, planRoute, routeLengthMeters, shareOfStop, type LatLng } from './index.js';

const warehouse = { lat: 41.2995, lng: 69.2401 };

/** Every permutation's length: the optimum for a handful of stops. */
function bruteForce(start: LatLng, stops: readonly LatLng[], returnToStart: boolean): number {
  let best = Infinity;
  const permute = (rest: number[], order: number[]) => {
    if (!rest.length) best = Math.min(best, routeLengthMeters(start, stops, order, { returnToStart }));
    rest.forEach((node, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...order, node]));
  };
  permute(
    stops.map((_, i) => i),
    [],
  );
  return best;
}

const stopsArb = (min: number, max: number) =>
  fc.array(
    fc
      .record({ km: fc.double({ min: 0.2, max: 25, noNaN: true }), bearing: fc.double({ min: 0, max: 359.9, noNaN: true }) })
      .map(({ km, bearing }) => movePoint(warehouse, km * 1000, bearing)),
    { minLength: min, maxLength: max },
  );

describe('route planning (issue 7: nearest neighbour improved by 2-opt and Or-opt)', () => {
  it('answers an empty route and a single stop', () => {
    expect(planRoute(warehouse, [])).toEqual({ order: [], lengthM: 0 });
    const one = movePoint(warehouse, 1000, 90);
    expect(planRoute(warehouse, [one]).order).toEqual([0]);
    expect(planRoute(warehouse, [one]).lengthM).toBeCloseTo(1000, 3);
    expect(planRoute(warehouse, [one], { returnToStart: true }).lengthM).toBeCloseTo(2000, 3);
  });

  it('visits every stop once, is never longer than nearest neighbour, and reports its own length', () => {
    fc.assert(
      fc.property(stopsArb(2, 40), fc.boolean(), (stops, returnToStart) => {
        const planned = planRoute(warehouse, stops, { returnToStart });
        expect([...planned.order].sort((a, b) => a - b)).toEqual(stops.map((_, i) => i));
        expect(planned.lengthM).toBeCloseTo(routeLengthMeters(warehouse, stops, planned.order, { returnToStart }), 6);
        expect(planned.lengthM).toBeLessThanOrEqual(nearestNeighbourRoute(warehouse, stops, { returnToStart }).lengthM + 1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it('finds the optimum or comes within 5 % of it for up to 7 stops', () => {
    fc.assert(
      fc.property(stopsArb(2, 7), fc.boolean(), (stops, returnToStart) => {
        const optimum = bruteForce(warehouse, stops, returnToStart);
        expect(planRoute(warehouse, stops, { returnToStart }).lengthM).toBeLessThanOrEqual(optimum * 1.05 + 1e-6);
      }),
      { numRuns: 150 },
    );
  });

  it('shortens the route nearest neighbour gets wrong (a fixed set: stops along a road both sides of the warehouse)', () => {
    // nearest neighbour goes 1 km east, then 1.5 km west (2.5 km back), then on east to 3 km and beyond
    const stops = [
      movePoint(warehouse, 1000, 90),
      movePoint(warehouse, 1500, 270),
      movePoint(warehouse, 3000, 90),
      movePoint(warehouse, 3200, 270),
      movePoint(warehouse, 6000, 90),
    ];
    const nearest = nearestNeighbourRoute(warehouse, stops);
    const planned = planRoute(warehouse, stops);
    expect(planned.lengthM).toBeLessThan(nearest.lengthM * 0.9);
    expect(planned.lengthM).toBeCloseTo(bruteForce(warehouse, stops, false), 3);
  });

  it('on a grid of 100 stops saves distance over nearest neighbour', () => {
    const stops: LatLng[] = [];
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 10; j++) stops.push(movePoint(movePoint(warehouse, 500 + i * 700 + ((j * 37) % 200), 90), 300 + j * 650 + ((i * 53) % 180), 0));
    const planned = planRoute(warehouse, stops, { returnToStart: true });
    expect(planned.lengthM).toBeLessThan(nearestNeighbourRoute(warehouse, stops, { returnToStart: true }).lengthM);
  });
});

describe('shareOfStop (a delivery total over its stops)', () => {
  it('gives equal parts, the remainder one unit each to the first stops', () => {
    expect([0, 1, 2].map((rank) => shareOfStop(7, 3, rank))).toEqual([3, 2, 2]);
    expect([0, 1, 2].map((rank) => shareOfStop(3_500_000, 3, rank))).toEqual([1_166_667, 1_166_667, 1_166_666]);
    expect(shareOfStop(5, 0, 0)).toBe(0);
  });

  it('always adds up to the total, and no two shares differ by more than one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 1, max: 50 }), (total, count) => {
        const shares = Array.from({ length: count }, (_, rank) => shareOfStop(total, count, rank));
        expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
