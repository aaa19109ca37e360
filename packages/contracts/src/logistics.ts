import { z } from 'zod';
import { distanceMeters, nearbyRadiusM, type LatLng } from './maps.js';
import { int32, optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { pageQuery, paged } from './common/paging.js';
import { calendarDate, dateRangeFields, endNotBeforeStart } from './common/dates.js';
import { money } from './pricing.js';
import { latitude, longitude } from './maps.js';
import { orderStatuses } from './orders.js';

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

// ---------------------------------------------------------------- fleet: cars

/**
 * Uzbek number plates: two digits of the region, then a letter, three digits and two letters
 * (private, "01 A 123 BC") or three digits and three letters (organizations, "01 123 ABC").
 * Stored without spaces, shown with them.
 */
export const plateFormat = /^\d{2}(?:[A-Z]\d{3}[A-Z]{2}|\d{3}[A-Z]{3})$/;
export const normalizePlate = (plate: string) => plate.replace(/[\s-]/g, '').toUpperCase();
export function formatPlate(plate: string): string {
  const p = normalizePlate(plate);
  if (!plateFormat.test(p)) return plate;
  return /^\d{2}[A-Z]/.test(p) ? `${p.slice(0, 2)} ${p.slice(2, 3)} ${p.slice(3, 6)} ${p.slice(6)}` : `${p.slice(0, 2)} ${p.slice(2, 5)} ${p.slice(5)}`;
}
export const carPlate = z
  .string()
  .transform(normalizePlate)
  .pipe(z.string().min(1, { error: 'required' }).regex(plateFormat, { error: 'plateFormat' }));

export const maxCarCapacityKg = 40_000;
export const maxCarCapacityBoxes = 2_000;

/** A car of the fleet: what it carries, and the courier who usually drives it. */
export const car = z.object({
  id: z.number().int(),
  /** shown with spaces: "01 A 123 BC" */
  plate: z.string(),
  model: z.string(),
  capacityKg: z.number().int(),
  capacityBoxes: z.number().int(),
  courierId: z.number().int().nullable(),
  courierName: z.string().nullable(),
  active: z.boolean(),
});
export type Car = z.infer<typeof car>;

export const saveCarBody = z.object({
  plate: carPlate,
  model: requiredText(80),
  capacityKg: z.number().int().min(1).max(maxCarCapacityKg),
  capacityBoxes: z.number().int().min(1).max(maxCarCapacityBoxes),
  courierId: z.preprocess((v) => (v === '' ? null : v), recordId().nullable().optional()),
  active: z.boolean().default(true),
});
export type SaveCarBody = z.input<typeof saveCarBody>;

// ---------------------------------------------------------------- deliveries

/** How the goods travel (the wizard's step 1): our courier on foot or by his own car, a fleet car, or the client picks up. */
export const deliveryTypes = ['ownCourier', 'car', 'pickup'] as const;
export type DeliveryType = (typeof deliveryTypes)[number];

/**
 * A delivery's life, driving its orders through the order state machine, each step by the role
 * that owns it: planned (the operator grouped approved orders) → in assembly (the warehouse took
 * them: orders in assembly) → ready (assembled and ready for shipment) → on the way (handed to the
 * courier: orders shipped) → completed (every stop delivered: orders delivered).
 */
export const deliveryStatuses = ['planned', 'in_assembly', 'ready', 'on_the_way', 'completed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
/** The delivery list tabs (spec §4): active and completed. */
export const deliveryTabs = ['active', 'completed'] as const;
export type DeliveryTab = (typeof deliveryTabs)[number];
export const deliveryStatusesOfTab: Record<DeliveryTab, readonly DeliveryStatus[]> = {
  active: ['planned', 'in_assembly', 'ready', 'on_the_way'],
  completed: ['completed'],
};

/** The warehouse's moves of a delivery and the order moves each makes (in this order). */
export const deliveryWarehouseSteps = {
  assemble: { from: 'planned', to: 'in_assembly', orderMoves: [['approved_for_shipment', 'in_assembly']] },
  ready: {
    from: 'in_assembly',
    to: 'ready',
    orderMoves: [
      ['in_assembly', 'assembled'],
      ['assembled', 'ready_for_shipment'],
    ],
  },
  handOver: { from: 'ready', to: 'on_the_way', orderMoves: [['ready_for_shipment', 'shipped']] },
} as const satisfies Record<
  string,
  { from: DeliveryStatus; to: DeliveryStatus; orderMoves: readonly (readonly [(typeof orderStatuses)[number], (typeof orderStatuses)[number]])[] }
>;
export type DeliveryWarehouseStep = keyof typeof deliveryWarehouseSteps;
export const deliveryWarehouseStepNames = Object.keys(deliveryWarehouseSteps) as DeliveryWarehouseStep[];

/** A stop's outcome: delivered in full, in part (the rest goes back to stock), or refused with a reason. */
export const stopStatuses = ['pending', 'delivered', 'partial', 'refused'] as const;
export type StopStatus = (typeof stopStatuses)[number];

/** The most orders one delivery carries. */
export const maxDeliveryOrders = 50;

/** Cost of a delivery in tiyin: boxes × price per box + distance (km, to the metre) × price per km. */
export function deliveryCost(input: { boxCount: number; pricePerBox: number; distanceM: number; pricePerKm: number }): number {
  return input.boxCount * input.pricePerBox + Math.round((input.distanceM * input.pricePerKm) / 1000);
}

const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** The shipments wizard: step 1 address and type, step 2 courier or car, boxes and price per box. */
export const createDeliveryBody = z
  .object({
    orderIds: z.array(recordId()).min(1, { error: 'required' }).max(maxDeliveryOrders).refine(uniqueIds, { error: 'duplicate' }),
    date: calendarDate,
    type: z.enum(deliveryTypes),
    address: z.string({ error: 'deliveryAddressRequired' }).trim().min(1, { error: 'deliveryAddressRequired' }).max(300),
    district: optionalText(120),
    house: optionalText(40),
    warehouseId: recordId(),
    courierId: recordId().nullable().optional(),
    carId: recordId().nullable().optional(),
    boxCount: z.number().int().min(1).max(1000),
    pricePerBox: money,
    pricePerKm: money.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 'pickup' && !v.courierId) ctx.addIssue({ code: 'custom', path: ['courierId'], message: 'required' });
    if (v.type === 'car' && !v.carId) ctx.addIssue({ code: 'custom', path: ['carId'], message: 'required' });
  });
export type CreateDeliveryBody = z.input<typeof createDeliveryBody>;

/** Hand-made order of the stops: every stop id once. */
/** A stop of a delivery: /api/deliveries/:id/stops/:stopId/… */
export const stopParams = z.object({ id: queryId(), stopId: queryId() });
export const reorderStopsBody = z.object({ stopIds: z.array(recordId()).min(1).refine(uniqueIds, { error: 'duplicate' }) });
export const warehouseStepBody = z.object({ step: z.enum(deliveryWarehouseStepNames as [DeliveryWarehouseStep, ...DeliveryWarehouseStep[]]) });

/** Proof of delivery at a stop: where and when, and who received it. */
export const deliverStopBody = z.object({
  lat: latitude,
  lng: longitude,
  accuracy: z.number().min(0).max(100_000),
  recipientName: requiredText(120),
});
export type DeliverStopBody = z.infer<typeof deliverStopBody>;

/** Delivered in part: the quantity the client took of each position (0 … ordered), the rest comes back. */
export const deliverPartlyBody = deliverStopBody.extend({
  positions: z
    .array(z.object({ positionId: recordId(), quantity: int32().min(0) }))
    .min(1, { error: 'required' })
    .refine((lines) => new Set(lines.map((l) => l.positionId)).size === lines.length, { error: 'duplicate' }),
});
export type DeliverPartlyBody = z.infer<typeof deliverPartlyBody>;

/**
 * How far from the stop's point an outcome (delivered, in part, refused) may be made before it is
 * flagged: the organization radius of spec §9. A far outcome is kept with its distance and the
 * flag, and the courier is warned before sending it — not refused (decision 025).
 */
export const stopOutcomeRadiusM = nearbyRadiusM;

/** Metres from where the courier is to the stop's point (null without a point), and whether that is beyond the radius. */
export function stopOutcomeDistance(stop: { lat: number | null; lng: number | null }, at: LatLng): { distanceM: number | null; far: boolean } {
  if (stop.lat === null || stop.lng === null) return { distanceM: null, far: false };
  const distanceM = Math.round(distanceMeters({ lat: stop.lat, lng: stop.lng }, at));
  return { distanceM, far: distanceM > stopOutcomeRadiusM };
}

/** Where the courier closed a stop, and how far that was from the stop's point. */
export const stopOutcomeProof = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  /** null when the stop has no point */
  distanceM: z.number().int().nullable(),
  /** beyond `stopOutcomeRadiusM` */
  far: z.boolean(),
});
export type StopOutcomeProof = z.infer<typeof stopOutcomeProof>;

/** Refused at the door: where, and why (spec §5: a refusal needs a reason). */
export const refuseStopBody = z.object({ lat: latitude, lng: longitude, accuracy: z.number().min(0).max(100_000), reason: requiredText(500) });
export type RefuseStopBody = z.infer<typeof refuseStopBody>;

/** The photo of the signed waybill (proof of delivery): JPEG or PNG from the phone's camera, base64 in JSON. */
export const waybillPhotoTypes = ['image/jpeg', 'image/png'] as const;
export type WaybillPhotoType = (typeof waybillPhotoTypes)[number];
/** The largest photo the server keeps (bytes); the web scales a camera photo down well below it. */
export const maxWaybillPhotoBytes = 5 * 1024 * 1024;
/** base64 of maxWaybillPhotoBytes, rounded up to whole groups of 4 */
export const maxWaybillPhotoChars = Math.ceil(maxWaybillPhotoBytes / 3) * 4;
export const uploadStopPhotoBody = z.object({
  contentType: z.enum(waybillPhotoTypes, { error: 'photoType' }),
  data: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(maxWaybillPhotoChars, { error: 'photoTooLarge' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'photoType' }),
});
export type UploadStopPhotoBody = z.infer<typeof uploadStopPhotoBody>;

/** The courier's position, shared while a delivery is active (the operator's map shows it). */
export const courierPositionBody = z.object({ lat: latitude, lng: longitude, accuracy: z.number().min(0).max(100_000) });
export type CourierPositionBody = z.infer<typeof courierPositionBody>;
/** How often the courier's phone sends its position while sharing it (seconds). */
export const courierPositionIntervalSeconds = 30;
export const courierPosition = z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable(), at: z.string() });
export type CourierPosition = z.infer<typeof courierPosition>;

/** A position of a stop's order, for the courier's "delivered in part" form. */
export const deliveryStopPosition = z.object({ id: z.number().int(), productName: z.string(), quantity: z.number().int(), sumSale: z.number().int() });
export type DeliveryStopPosition = z.infer<typeof deliveryStopPosition>;

export const deliveryStop = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderStatus: z.enum(orderStatuses),
  organizationId: z.number().int(),
  organizationName: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  sumSale: z.number().int(),
  status: z.enum(stopStatuses),
  recipientName: z.string().nullable(),
  refusalReason: z.string().nullable(),
  /** when the stop was closed: delivered (in full or in part) or refused */
  deliveredAt: z.string().nullable(),
  /** where it was closed (null while pending) */
  proof: stopOutcomeProof.nullable(),
  /** a photo of the signed waybill is stored (GET …/stops/:stopId/photo) */
  hasPhoto: z.boolean(),
  positions: z.array(deliveryStopPosition),
});
export type DeliveryStop = z.infer<typeof deliveryStop>;

export const deliverySummary = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  type: z.enum(deliveryTypes),
  status: z.enum(deliveryStatuses),
  courierId: z.number().int().nullable(),
  courierName: z.string().nullable(),
  carId: z.number().int().nullable(),
  carPlate: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  address: z.string(),
  district: z.string().nullable(),
  house: z.string().nullable(),
  boxCount: z.number().int(),
  pricePerBox: z.number().int(),
  pricePerKm: z.number().int(),
  distanceM: z.number().int(),
  /** grams, from the products' unit weights */
  weightG: z.number().int(),
  /** tiyin: boxes × price per box + km × price per km */
  cost: z.number().int(),
  stopCount: z.number().int(),
  deliveredCount: z.number().int(),
  /** stops closed whatever the outcome: delivered, in part or refused */
  closedCount: z.number().int(),
  /** the delivery address of the first stop in route order (the courier's list) */
  firstStopAddress: z.string().nullable(),
  /** the courier's last shared position, while they share it */
  courierPosition: courierPosition.nullable(),
});
export type DeliverySummary = z.infer<typeof deliverySummary>;

export const delivery = deliverySummary.extend({
  warehouseLat: z.number().nullable(),
  warehouseLng: z.number().nullable(),
  stops: z.array(deliveryStop),
  createdAt: z.string(),
});
export type Delivery = z.infer<typeof delivery>;

/** A stop as the maps draw it: where, whose, and whether it is closed. */
export const deliveryRouteStop = deliveryStop.pick({ id: true, sequence: true, organizationName: true, address: true, lat: true, lng: true, status: true });
export type DeliveryRouteStop = z.infer<typeof deliveryRouteStop>;

/** GET /api/deliveries/map: a delivery with its route (warehouse and stops in route order), the day's map in one answer. */
export const deliveryOnMap = deliverySummary.extend({
  warehouseLat: z.number().nullable(),
  warehouseLng: z.number().nullable(),
  stops: z.array(deliveryRouteStop),
});
export type DeliveryOnMap = z.infer<typeof deliveryOnMap>;

export const listDeliveriesQuery = pageQuery
  .extend({
    ...dateRangeFields,
    tab: z.enum(deliveryTabs).optional(),
    courierId: queryId().optional(),
    /** the delivery an order travels in (/orders-item links to it) */
    orderId: queryId().optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export const deliveryList = paged(deliverySummary);
export const deliveryMapList = paged(deliveryOnMap);

// ---------------------------------------------------------------- delivered facts

/**
 * A share of a delivery's total (tiyin, metres, boxes) for one of its `count` stops: equal parts,
 * the remainder one unit each to the first stops (by `rank`, 0-based), so the shares of every stop
 * sum to the delivery's total exactly.
 */
export function shareOfStop(total: number, count: number, rank: number): number {
  if (count <= 0) return 0;
  return Math.floor(total / count) + (rank < total % count ? 1 : 0);
}

/** GET /api/deliveries/facts: closed stops by the business date they were closed, by courier and car. */
export const deliveryFactsQuery = pageQuery
  .extend({
    ...dateRangeFields,
    courierId: queryId().optional(),
    carId: queryId().optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export type DeliveryFactsQuery = z.input<typeof deliveryFactsQuery>;

/**
 * A delivered fact: one closed stop (delivered, in part, or refused at the door) — what, where,
 * when, by whom — with its share of the delivery's boxes, distance and cost (`shareOfStop` over all
 * the delivery's stops), so the facts of a completed delivery add up to the delivery.
 */
export const deliveryFact = z.object({
  stopId: z.number().int(),
  deliveryId: z.number().int(),
  deliveryNumber: z.string(),
  date: z.string(),
  type: z.enum(deliveryTypes),
  orderId: z.number().int(),
  orderNumber: z.string(),
  organizationName: z.string(),
  address: z.string(),
  status: z.enum(stopStatuses),
  deliveredAt: z.string(),
  courierId: z.number().int().nullable(),
  courierName: z.string().nullable(),
  carId: z.number().int().nullable(),
  carPlate: z.string().nullable(),
  recipientName: z.string().nullable(),
  /** where the courier closed the stop, and how far from its point (null without a point) */
  proofLat: z.number().nullable(),
  proofLng: z.number().nullable(),
  proofDistanceM: z.number().int().nullable(),
  /** closed beyond the organization radius (`stopOutcomeRadiusM`) */
  farFromStop: z.boolean(),
  boxes: z.number().int(),
  distanceM: z.number().int(),
  cost: z.number().int(),
});
export type DeliveryFact = z.infer<typeof deliveryFact>;

/** The facts of the period summed for one courier or one car (id null: without courier / car). */
export const deliveryFactTotal = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  stops: z.number().int(),
  deliveries: z.number().int(),
  boxes: z.number().int(),
  distanceM: z.number().int(),
  cost: z.number().int(),
});
export type DeliveryFactTotal = z.infer<typeof deliveryFactTotal>;

export const deliveryFacts = paged(deliveryFact).extend({
  totals: z.object({ all: deliveryFactTotal, byCourier: z.array(deliveryFactTotal), byCar: z.array(deliveryFactTotal) }),
});
export type DeliveryFacts = z.infer<typeof deliveryFacts>;

/** The wizard's pick-list: an order approved for shipment and in no delivery yet, with where it goes and what it weighs. */
export const shippableOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  address: z.string(),
  /** the organization's delivery point (else its own point); null when it has none */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  sumSale: z.number().int(),
  /** grams, from the products' unit weights */
  weightG: z.number().int(),
});
export type ShippableOrder = z.infer<typeof shippableOrder>;
