import { distanceMeters, type LatLng } from './maps.js';

/**
 * Route planning for a delivery (issue 7): the stops ordered into a short route from the
 * warehouse. A nearest-neighbour tour is improved by 2-opt (reverse a stretch) and Or-opt (move a
 * run of 1–3 stops elsewhere) until neither finds a shorter route. Distances are great-circle
 * metres (the same sphere as PostgreSQL's earth_distance), so the web shows what the server stores.
 */
export interface PlannedRoute {
  /** indices into the stops, in driving order */
  order: number[];
  /** the route's length in metres, from the start through every stop (and back when asked) */
  lengthM: number;
}

export interface RouteOptions {
  /** the courier comes back to the warehouse at the end (default: no, the route ends at the last stop) */
  returnToStart?: boolean;
}

/** The length in metres of visiting `stops` in `order` from `start`. */
export function routeLengthMeters(start: LatLng, stops: readonly LatLng[], order: readonly number[], options: RouteOptions = {}): number {
  let length = 0;
  let at = start;
  for (const index of order) {
    const next = stops[index]!;
    length += distanceMeters(at, next);
    at = next;
  }
  if (options.returnToStart && order.length) length += distanceMeters(at, start);
  return length;
}

/** Node 0 is the start; node i + 1 is stop i. */
function distanceMatrix(start: LatLng, stops: readonly LatLng[]): Float64Array[] {
  const points = [start, ...stops];
  const n = points.length;
  const rows = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = distanceMeters(points[i]!, points[j]!);
      rows[i]![j] = d;
      rows[j]![i] = d;
    }
  }
  return rows;
}

/** The nearest-neighbour route: from the start, always the closest stop not yet visited. */
export function nearestNeighbourRoute(start: LatLng, stops: readonly LatLng[], options: RouteOptions = {}): PlannedRoute {
  const d = distanceMatrix(start, stops);
  const order = nearestNeighbourNodes(d, stops.length).map((node) => node - 1);
  return { order, lengthM: routeLengthMeters(start, stops, order, options) };
}

function nearestNeighbourNodes(d: Float64Array[], count: number): number[] {
  const visited = new Uint8Array(count + 1);
  const nodes: number[] = [];
  let at = 0;
  for (let step = 0; step < count; step++) {
    let best = -1;
    for (let node = 1; node <= count; node++) {
      if (!visited[node] && (best < 0 || d[at]![node]! < d[at]![best]!)) best = node;
    }
    visited[best] = 1;
    nodes.push(best);
    at = best;
  }
  return nodes;
}

/** Gains below a millimetre are rounding, not improvement: stops the loops from cycling. */
const epsilon = 1e-3;

/** How many nearest stops each stop's improving moves look at: enough for a good route, cheap for 200 stops. */
const neighbourCount = 12;

/**
 * The planned route: nearest neighbour, then 2-opt and Or-opt moves while any shortens it. Each
 * move only tries joining a stop to one of its nearest stops (neighbour lists), which finds nearly
 * every gain of the full search at a fraction of the time. The tour is [0, ...stops] (and back to 0
 * when returning); an open route has no edge after its last stop, which the moves account for.
 */
export function planRoute(start: LatLng, stops: readonly LatLng[], options: RouteOptions = {}): PlannedRoute {
  const count = stops.length;
  if (count <= 1) return { order: count ? [0] : [], lengthM: routeLengthMeters(start, stops, count ? [0] : [], options) };
  const d = distanceMatrix(start, stops);
  const tour = [0, ...nearestNeighbourNodes(d, count)];
  const closed = options.returnToStart === true;
  const nodes = tour.length;
  const near = Array.from({ length: nodes }, (_, node) =>
    Array.from({ length: nodes }, (_, other) => other)
      .filter((other) => other !== node)
      .sort((x, y) => d[node]![x]! - d[node]![y]!)
      .slice(0, neighbourCount),
  );
  const pos = new Int32Array(nodes);
  const index = () => tour.forEach((node, i) => (pos[node] = i));
  index();
  // the distance from tour[i] to the node after it; past the last node: back to the start, or nothing
  const after = (i: number) => (i + 1 < nodes ? d[tour[i]!]![tour[i + 1]!]! : closed ? d[tour[i]!]![0]! : 0);
  const edge = (a: number, bIndex: number) => (bIndex < nodes ? d[a]![tour[bIndex]!]! : closed ? d[a]![0]! : 0);

  /** 2-opt: reverse tour[i..j]; edges (i-1, i) and (j, j+1) become (i-1, j) and (i, j+1). */
  const twoOpt = (i: number, j: number) => {
    if (j <= i || j >= nodes) return false;
    const a = tour[i - 1]!;
    const b = tour[i]!;
    const c = tour[j]!;
    if (d[a]![c]! + edge(b, j + 1) < d[a]![b]! + after(j) - epsilon) {
      reverse(tour, i, j);
      index();
      return true;
    }
    return false;
  };

  /** Or-opt: move the run tour[i..i+len-1] between tour[k] and tour[k+1], either way round. */
  const orOpt = (i: number, len: number, k: number) => {
    const last = i + len - 1;
    if (k < 0 || k >= nodes || (k >= i - 1 && k <= last)) return false;
    const prev = tour[i - 1]!;
    const first = tour[i]!;
    const end = tour[last]!;
    const removeGain = d[prev]![first]! + after(last) - edge(prev, last + 1);
    const x = tour[k]!;
    const insertCost = (y: number, z: number) => d[x]![y]! + (k + 1 < nodes ? d[z]![tour[k + 1]!]! : closed ? d[z]![0]! : 0) - after(k);
    const forward = insertCost(first, end);
    const backward = insertCost(end, first);
    if (Math.min(forward, backward) >= removeGain - epsilon) return false;
    const run = tour.splice(i, len);
    if (backward < forward) run.reverse();
    tour.splice(k < i ? k + 1 : k + 1 - len, 0, ...run);
    index();
    return true;
  };

  let improved = true;
  for (let round = 0; improved && round < 1000; round++) {
    improved = false;
    for (let i = 1; i < nodes - 1; i++) {
      // a new edge from tour[i-1] to a near stop c (c ends the reversed stretch), or from tour[i] to a near stop (c follows it)
      for (const c of near[tour[i - 1]!]!) if (twoOpt(i, pos[c]!)) improved = true;
      for (const c of near[tour[i]!]!) if (pos[c]! > 0 && twoOpt(i, pos[c]! - 1)) improved = true;
    }
    for (let len = 1; len <= 3; len++) {
      for (let i = 1; i + len - 1 < nodes; i++) {
        const ends = [tour[i]!, tour[i + len - 1]!];
        search: for (const endNode of ends) {
          for (const x of near[endNode]!) {
            // insert next to x: after it, or before it
            if (orOpt(i, len, pos[x]!) || orOpt(i, len, pos[x]! - 1)) {
              improved = true;
              break search;
            }
          }
        }
      }
    }
  }
  const order = tour.slice(1).map((node) => node - 1);
  return { order, lengthM: routeLengthMeters(start, stops, order, options) };
}

function reverse(tour: number[], i: number, j: number) {
  while (i < j) {
    const t = tour[i]!;
    tour[i] = tour[j]!;
    tour[j] = t;
    i++;
    j--;
  }
}
