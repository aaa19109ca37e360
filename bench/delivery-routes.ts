/**
 * Route ordering for a delivery (issue 7): 10, 50 and 200 stops scattered over Tashkent around the
 * warehouse; the planned route (nearest neighbour improved by 2-opt and Or-opt over neighbour lists) beside the plain
 * nearest-neighbour route it starts from (the ceiling for speed, the floor for quality).
 */
import { movePoint, nearestNeighbourRoute, planRoute } from '../packages/contracts/src/index.js';

const warehouse = { lat: 41.2995, lng: 69.2401 };
/** A deterministic scatter (mulberry32) so every run measures the same point sets. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function time<T>(runs: number, task: () => T): { p50: number; p99: number; result: T } {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    result = task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), result };
}

console.log('stops | sets | nearest neighbour km (mean) | planned km (mean) | saved | NN p50 ms | planned p50 / p99 ms');
for (const count of [10, 50, 200]) {
  const sets = count === 200 ? 10 : 30;
  let nnKm = 0;
  let plannedKm = 0;
  const nnTimes: number[] = [];
  const plannedTimes: number[] = [];
  for (let s = 0; s < sets; s++) {
    const next = random(count * 1000 + s);
    const stops = Array.from({ length: count }, () => movePoint(warehouse, 300 + next() * 15_000, next() * 360));
    const nn = time(5, () => nearestNeighbourRoute(warehouse, stops, { returnToStart: true }));
    const planned = time(count === 200 ? 3 : 5, () => planRoute(warehouse, stops, { returnToStart: true }));
    nnKm += nn.result.lengthM / 1000;
    plannedKm += planned.result.lengthM / 1000;
    nnTimes.push(nn.p50);
    plannedTimes.push(planned.p50, planned.p99);
  }
  nnTimes.sort((a, b) => a - b);
  plannedTimes.sort((a, b) => a - b);
  const saved = 1 - plannedKm / nnKm;
  console.log(
    `${count} | ${sets} | ${(nnKm / sets).toFixed(1)} | ${(plannedKm / sets).toFixed(1)} | ${(saved * 100).toFixed(1)} % | ${percentile(nnTimes, 50).toFixed(2)} | ${percentile(plannedTimes, 50).toFixed(2)} / ${percentile(plannedTimes, 99).toFixed(2)}`,
  );
}
