import { z } from 'zod';
import { distanceMeters, nearbyRadiusM, type LatLng } from './maps.js';
import { int32, optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { pageQuery, paged } from './common/paging.js';
import { calendarDate, dateRangeFields, endNotBeforeStart } from './common/dates.js';
import { money } from './pricing.js';
import { latitude, longitude } from './maps.js';
import { orderStatuses } from './orders.js';

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
