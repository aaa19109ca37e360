import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationTypes, type Visit } from '@pharma/contracts';
import {
  addDrugLine,
  completionQuestion,
  distanceTo,
  drugLinesChanged,
  drugResultsBodyOf,
  incompleteDrugLines,
  isNear,
  offersBookings,
  remainderRowsOf,
  remaindersBodyOf,
  remaindersChanged,
  startCountdown,
  unsavedInputOf,
} from './visit-rules';

describe('bookings and the completion question', () => {
  it('offers bookings (and remainders) only at pharmacies and wholesalers', () => {
    expect(organizationTypes.filter(offersBookings)).toEqual(['pharmacy', 'wholesaler']);
  });

  it("asks 'You haven't removed remainders' first at a pharmacy or wholesaler", () => {
    expect(completionQuestion({ type: 'pharmacy', remaindersCounted: 0, reserved: 0, preOrdered: 0 })).toBe('noRemainders');
    expect(completionQuestion({ type: 'wholesaler', remaindersCounted: 0, reserved: 3, preOrdered: 0 })).toBe('noRemainders');
  });

  it("then 'No reservation made' when nothing was reserved or pre-ordered", () => {
    expect(completionQuestion({ type: 'pharmacy', remaindersCounted: 2, reserved: 0, preOrdered: 0 })).toBe('noReservation');
    expect(completionQuestion({ type: 'pharmacy', remaindersCounted: 2, reserved: 0, preOrdered: 1 })).toBe('sendGeolocation');
    expect(completionQuestion({ type: 'pharmacy', remaindersCounted: 2, reserved: 1, preOrdered: 0 })).toBe('sendGeolocation');
  });

  it("asks only 'Complete visit and send geolocation?' at a hospital or healthcare facility", () => {
    for (const type of ['hospital', 'healthcare'] as const) {
      expect(completionQuestion({ type, remaindersCounted: 0, reserved: 0, preOrdered: 0 })).toBe('sendGeolocation');
    }
  });
});

describe('unsaved input at completion (issue 13)', () => {
  const saved: Pick<Visit, 'drugResults' | 'remainders'> = {
    drugResults: [],
    remainders: [{ productId: 2, productName: 'Beta', producerName: 'P', quantity: 3 }],
  };
  const attitude = {
    doctorId: 1,
    productId: 10,
    productName: 'A',
    producerName: 'P',
    attitude: 'familiarPrescribes' as const,
    medicationStatus: 'pending' as const,
  };

  it('sends the drug lines and the counted remainders that were not saved', () => {
    const unsaved = unsavedInputOf(saved, { drugs: [attitude], remainders: { 5: { productName: 'Five', quantity: 4 } } });
    expect(unsaved.drugs).toEqual({
      body: { items: [{ doctorId: 1, productId: 10, attitude: 'familiarPrescribes', medicationStatus: 'pending' }] },
      count: 1,
      // what the visit shows once it is saved (queued on the phone, before the server answers)
      local: [{ doctorId: 1, productId: 10, productName: 'A', producerName: 'P', attitude: 'familiarPrescribes', medicationStatus: 'pending' }],
    });
    expect(unsaved.incompleteDrugs).toBe(0);
    // the saved count stays in the set sent (PUT replaces the visit's remainders)
    expect(unsaved.remainders).toEqual({
      body: {
        items: [
          { productId: 2, quantity: 3 },
          { productId: 5, quantity: 4 },
        ],
      },
      count: 2,
      local: expect.arrayContaining([expect.objectContaining({ productId: 5, productName: 'Five', quantity: 4 })]) as unknown,
    });
  });

  it('holds back drug lines without an attitude and counts them', () => {
    const unsaved = unsavedInputOf(saved, { drugs: [attitude, { ...attitude, productId: 11, attitude: null }], remainders: null });
    expect(unsaved.drugs).toBeNull();
    expect(unsaved.incompleteDrugs).toBe(1);
  });

  it('is nothing for drafts equal to what is saved, and for a draft with nothing counted', () => {
    expect(unsavedInputOf({ ...saved, drugResults: [attitude] }, { drugs: [attitude], remainders: { 2: { productName: 'Beta', quantity: 3 } } })).toEqual({
      drugs: null,
      incompleteDrugs: 0,
      remainders: null,
    });
    expect(
      unsavedInputOf({ drugResults: [], remainders: [] }, { drugs: null, remainders: { 9: { productName: 'Nine', quantity: null } } }).remainders,
    ).toBeNull();
  });

  it("does not claim 'You haven't removed remainders' for counts waiting to be sent, and asks about attitudes first", () => {
    const unsaved = unsavedInputOf({ drugResults: [], remainders: [] }, { drugs: null, remainders: { 5: { productName: 'Five', quantity: 4 } } });
    expect(completionQuestion({ type: 'pharmacy', remaindersCounted: unsaved.remainders?.count ?? 0, reserved: 1, preOrdered: 0 })).toBe('sendGeolocation');
    expect(completionQuestion({ type: 'pharmacy', remaindersCounted: 0, reserved: 0, preOrdered: 0, incompleteDrugs: 1 })).toBe('unsavedDrugs');
    expect(completionQuestion({ type: 'hospital', remaindersCounted: 0, reserved: 0, preOrdered: 0, incompleteDrugs: 2 })).toBe('unsavedDrugs');
  });
});

describe('distance to the organization', () => {
  it('is unknown without both points and measured in whole metres otherwise', () => {
    expect(distanceTo(null, { lat: 41.3, lng: 69.2 })).toBeNull();
    expect(distanceTo({ lat: 41.3, lng: 69.2 }, { lat: null, lng: null })).toBeNull();
    const d = distanceTo({ lat: 41.3, lng: 69.2 }, { lat: 41.301, lng: 69.2 });
    expect(d).toBeGreaterThan(105);
    expect(d).toBeLessThan(118);
    expect(isNear(d)).toBe(true);
    expect(isNear(201)).toBe(false);
    expect(isNear(null)).toBe(false);
  });
});

describe('drug results draft', () => {
  const visit = {
    drugResults: [{ doctorId: 1, productId: 10, productName: 'A', attitude: 'familiarPrescribes' as const, medicationStatus: 'acquainted' as const }],
  };

  it('adds a product once per doctor, with no attitude yet and status pending', () => {
    const once = addDrugLine([], 1, { id: 10, name: 'A', producerName: 'P' });
    expect(once).toEqual([{ doctorId: 1, productId: 10, productName: 'A', producerName: 'P', attitude: null, medicationStatus: 'pending' }]);
    expect(addDrugLine(once, 1, { id: 10, name: 'A', producerName: 'P' })).toBe(once);
    expect(addDrugLine(once, 2, { id: 10, name: 'A', producerName: 'P' })).toHaveLength(2);
  });

  it('holds back lines without an attitude and sends the rest', () => {
    const lines = addDrugLine([...visit.drugResults], 1, { id: 11, name: 'B', producerName: 'P' });
    expect(incompleteDrugLines(lines).map((l) => l.productId)).toEqual([11]);
    expect(drugResultsBodyOf(lines)).toEqual({ items: [{ doctorId: 1, productId: 10, attitude: 'familiarPrescribes', medicationStatus: 'acquainted' }] });
  });

  it('knows when the draft differs from the saved results', () => {
    expect(drugLinesChanged([...visit.drugResults], visit)).toBe(false);
    expect(drugLinesChanged([{ ...visit.drugResults[0]!, medicationStatus: 'denied' }], visit)).toBe(true);
    expect(drugLinesChanged([], visit)).toBe(true);
  });
});

describe('remainders draft', () => {
  const suggested = [
    { productId: 1, productName: 'Alpha', previousRemainder: 5 },
    { productId: 2, productName: 'Beta', previousRemainder: 0 },
  ];

  it('lists our products with the previous count as a hint, then saved counts, then the draft', () => {
    const rows = remainderRowsOf(suggested, [{ productId: 2, productName: 'Beta', quantity: 3 }], {
      1: { productName: 'Alpha', quantity: 4 },
      9: { productName: 'Extra', quantity: null },
    });
    expect(rows).toEqual([
      { productId: 1, productName: 'Alpha', previous: 5, quantity: 4 },
      { productId: 2, productName: 'Beta', previous: 0, quantity: 3 },
      { productId: 9, productName: 'Extra', previous: null, quantity: null },
    ]);
  });

  it('gives no hint without a previous visit with remainders', () => {
    expect(remainderRowsOf(suggested, [], {}, false).map((r) => r.previous)).toEqual([null, null]);
  });

  it('sends only counted products (0 included) and sees a change', () => {
    const saved = [{ productId: 2, productName: 'Beta', quantity: 3 }];
    const rows = remainderRowsOf(suggested, saved, { 1: { productName: 'Alpha', quantity: 0 } });
    expect(remaindersBodyOf(rows)).toEqual({
      items: [
        { productId: 1, quantity: 0 },
        { productId: 2, quantity: 3 },
      ],
    });
    expect(remaindersChanged(rows, saved)).toBe(true);
    expect(remaindersChanged(remainderRowsOf(suggested, saved, {}), saved)).toBe(false);
    expect(remaindersChanged(remainderRowsOf(suggested, saved, { 2: { productName: 'Beta', quantity: 4 } }), saved)).toBe(true);
  });
});

describe('coordinate update countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down every second and reads the position again when it reaches zero', () => {
    vi.useFakeTimers();
    const ticks: number[] = [];
    const refresh = vi.fn();
    const stop = startCountdown(3, (left) => ticks.push(left), refresh);
    vi.advanceTimersByTime(2_000);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(ticks).toEqual([3, 2, 1, 3, 2, 1, 3]);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
