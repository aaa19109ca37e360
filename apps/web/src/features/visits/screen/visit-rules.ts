import {
  distanceMeters,
  nearbyRadiusM,
  type DrugAttitude,
  type LatLng,
  type MedicationStatus,
  type OrganizationType,
  type SuggestedOrderLine,
  type Visit,
  type VisitOrder,
} from '@pharma/contracts';

/**
 * Where the rep counts the shelf and books stock: pharmacies and wholesalers. A hospital or a
 * healthcare facility gets the spec's notice instead ('bookings under development (press the
 * visit-done button to finish)').
 */
export function offersBookings(type: OrganizationType): boolean {
  return type === 'pharmacy' || type === 'wholesaler';
}

/**
 * The confirmation asked before completing a visit (spec §8), the first that applies. Drug lines
 * without the doctor's attitude come first: they cannot be sent, and completing would lose them.
 * `remaindersCounted` counts the counts waiting to be sent too: they are sent before the visit
 * completes, so 'You haven't removed remainders' would be untrue.
 */
export type CompletionQuestion = 'unsavedDrugs' | 'noRemainders' | 'noReservation' | 'sendGeolocation';

export function completionQuestion(input: {
  type: OrganizationType;
  remaindersCounted: number;
  reserved: number;
  preOrdered: number;
  incompleteDrugs?: number;
}): CompletionQuestion {
  if ((input.incompleteDrugs ?? 0) > 0) return 'unsavedDrugs';
  if (!offersBookings(input.type)) return 'sendGeolocation';
  if (input.remaindersCounted === 0) return 'noRemainders';
  if (input.reserved === 0 && input.preOrdered === 0) return 'noReservation';
  return 'sendGeolocation';
}

/** Reservations still holding stock (released or shipped ones are history). */
export function activeReservations(order: VisitOrder | undefined) {
  return (order?.reservations ?? []).filter((r) => r.status === 'active');
}

/** Metres from the position to the organization, rounded; null when either point is unknown. */
export function distanceTo(position: LatLng | null | undefined, organization: { lat: number | null; lng: number | null }): number | null {
  if (!position || organization.lat === null || organization.lng === null) return null;
  return Math.round(distanceMeters(position, { lat: organization.lat, lng: organization.lng }));
}

export const isNear = (distance: number | null) => distance !== null && distance <= nearbyRadiusM;

// ---------------------------------------------------------------- drug results draft

export interface DrugLine {
  doctorId: number;
  productId: number;
  productName: string;
  /** tells products of the same name apart (a draft kept before it was stored may lack it) */
  producerName?: string;
  /** unset until the rep chooses one */
  attitude: DrugAttitude | null;
  medicationStatus: MedicationStatus;
}

export const drugLinesOf = (visit: Pick<Visit, 'drugResults'>): DrugLine[] => visit.drugResults.map((r) => ({ ...r }));

/** Adds a drug to a doctor's list; a product already there for that doctor is not added twice. */
export function addDrugLine(lines: DrugLine[], doctorId: number, product: { id: number; name: string; producerName: string }): DrugLine[] {
  if (lines.some((l) => l.doctorId === doctorId && l.productId === product.id)) return lines;
  return [
    ...lines,
    { doctorId, productId: product.id, productName: product.name, producerName: product.producerName, attitude: null, medicationStatus: 'pending' },
  ];
}

/** The lines whose attitude is still missing (the save is refused until each has one). */
export const incompleteDrugLines = (lines: DrugLine[]) => lines.filter((l) => l.attitude === null);

export function drugResultsBodyOf(lines: DrugLine[]) {
  return {
    items: lines
      .filter((l) => l.attitude !== null)
      .map((l) => ({ doctorId: l.doctorId, productId: l.productId, attitude: l.attitude as DrugAttitude, medicationStatus: l.medicationStatus })),
  };
}

/** The drug results the lines stand for, as the visit shows them until the server has them (a queued save). */
export const drugResultsOf = (lines: DrugLine[]): Visit['drugResults'] =>
  lines
    .filter((l) => l.attitude !== null)
    .map((l) => ({
      doctorId: l.doctorId,
      productId: l.productId,
      productName: l.productName,
      producerName: l.producerName ?? '',
      attitude: l.attitude as DrugAttitude,
      medicationStatus: l.medicationStatus,
    }));

const lineKey = (l: Pick<DrugLine, 'doctorId' | 'productId' | 'attitude' | 'medicationStatus'>) =>
  `${l.doctorId}:${l.productId}:${l.attitude ?? ''}:${l.medicationStatus}`;
/** The draft differs from what the server holds. */
export function drugLinesChanged(
  lines: DrugLine[],
  visit: { drugResults: readonly Pick<DrugLine, 'doctorId' | 'productId' | 'attitude' | 'medicationStatus'>[] },
): boolean {
  const a = lines.map(lineKey).sort();
  const b = visit.drugResults.map(lineKey).sort();
  return a.length !== b.length || a.some((key, i) => key !== b[i]);
}

// ---------------------------------------------------------------- remainders draft

export interface RemainderRow {
  productId: number;
  productName: string;
  producerName?: string;
  /** counted on the previous visit (the hint), null when not counted then */
  previous: number | null;
  /** counted now; null = not counted yet */
  quantity: number | null;
}

/**
 * The products to count: the suggested order's products (our products with the previous count),
 * what this visit already saved, and what the rep added; the draft's counts win over the saved ones.
 */
export function remainderRowsOf(
  suggested: readonly (Pick<SuggestedOrderLine, 'productId' | 'productName' | 'previousRemainder'> & { producerName?: string })[],
  saved: readonly (Pick<Visit['remainders'][number], 'productId' | 'productName' | 'quantity'> & { producerName?: string })[],
  draft: Record<number, { productName: string; producerName?: string; quantity: number | null }>,
  /** without a previous visit with remainders there is no hint (the server's 0 means "not counted") */
  hasPrevious = true,
): RemainderRow[] {
  const rows = new Map<number, RemainderRow>();
  for (const s of suggested)
    rows.set(s.productId, {
      productId: s.productId,
      productName: s.productName,
      producerName: s.producerName,
      previous: hasPrevious ? s.previousRemainder : null,
      quantity: null,
    });
  for (const r of saved) {
    const row = rows.get(r.productId);
    rows.set(r.productId, {
      productId: r.productId,
      productName: r.productName,
      producerName: r.producerName ?? row?.producerName,
      previous: row?.previous ?? null,
      quantity: r.quantity,
    });
  }
  for (const [id, d] of Object.entries(draft)) {
    const productId = Number(id);
    const row = rows.get(productId);
    rows.set(productId, {
      productId,
      productName: row?.productName ?? d.productName,
      producerName: row?.producerName ?? d.producerName,
      previous: row?.previous ?? null,
      quantity: d.quantity,
    });
  }
  return [...rows.values()];
}

/** Only counted rows are sent: a product not counted is not claimed to be absent. */
export function remaindersBodyOf(rows: RemainderRow[]) {
  return { items: rows.filter((r) => r.quantity !== null).map((r) => ({ productId: r.productId, quantity: r.quantity as number })) };
}

/** The counted remainders the rows stand for, as the visit shows them until the server has them (a queued save). */
export const remaindersOf = (rows: RemainderRow[]): Visit['remainders'] =>
  rows
    .filter((r) => r.quantity !== null)
    .map((r) => ({ productId: r.productId, productName: r.productName, producerName: r.producerName ?? '', quantity: r.quantity as number }));

export function remaindersChanged(rows: RemainderRow[], saved: readonly Pick<Visit['remainders'][number], 'productId' | 'quantity'>[]): boolean {
  const counted = rows.filter((r) => r.quantity !== null);
  if (counted.length !== saved.length) return true;
  const byId = new Map(saved.map((r) => [r.productId, r.quantity]));
  return counted.some((r) => byId.get(r.productId) !== r.quantity);
}

// ---------------------------------------------------------------- coordinate update countdown

/** Seconds between two readings of the position while a visit is open (spec §9: a countdown is shown). */
export const coordinateRefreshSeconds = 30;

/**
 * A countdown that calls `refresh` every `periodSeconds` and reports the seconds left each second.
 * Plain timers, so it is tested with fake ones; the hook in components wraps it.
 */
export function startCountdown(periodSeconds: number, onTick: (secondsLeft: number) => void, refresh: () => void): () => void {
  let left = periodSeconds;
  onTick(left);
  const timer = setInterval(() => {
    left -= 1;
    if (left <= 0) {
      refresh();
      left = periodSeconds;
    }
    onTick(left);
  }, 1000);
  return () => clearInterval(timer);
}

// ---------------------------------------------------------------- unsaved input at completion

/** A draft ready to be sent: the request's body and how many lines it holds. */
export interface PendingSave<B, L> {
  body: B;
  count: number;
  /** what the visit shows once it is saved */
  local: L;
}

/**
 * What the rep typed on the visit and has not saved (the drafts), as the completion sends it first:
 * the drug lines when each has the doctor's attitude (else `incompleteDrugs` counts those without),
 * the counted remainders (saved counts and the draft's, the draft winning). Unchanged drafts are nothing.
 */
export function unsavedInputOf(
  visit: {
    drugResults: readonly Pick<DrugLine, 'doctorId' | 'productId' | 'attitude' | 'medicationStatus'>[];
    remainders: readonly Pick<Visit['remainders'][number], 'productId' | 'productName' | 'quantity'>[];
  },
  drafts: { drugs: DrugLine[] | null; remainders: Record<number, { productName: string; producerName?: string; quantity: number | null }> | null },
): {
  drugs: PendingSave<ReturnType<typeof drugResultsBodyOf>, Visit['drugResults']> | null;
  incompleteDrugs: number;
  remainders: PendingSave<ReturnType<typeof remaindersBodyOf>, Visit['remainders']> | null;
} {
  let drugs = null;
  let incompleteDrugs = 0;
  if (drafts.drugs && drugLinesChanged(drafts.drugs, visit)) {
    incompleteDrugs = incompleteDrugLines(drafts.drugs).length;
    if (incompleteDrugs === 0) drugs = { body: drugResultsBodyOf(drafts.drugs), count: drafts.drugs.length, local: drugResultsOf(drafts.drugs) };
  }
  let remainders = null;
  if (drafts.remainders) {
    const rows = remainderRowsOf([], visit.remainders, drafts.remainders);
    const body = remaindersBodyOf(rows);
    // nothing counted is not sent (the section's Save refuses it too): the saved counts stay
    if (remaindersChanged(rows, visit.remainders) && body.items.length > 0) remainders = { body, count: body.items.length, local: remaindersOf(rows) };
  }
  return { drugs, incompleteDrugs, remainders };
}
