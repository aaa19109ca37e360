import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  businessDate,
  daysBetween,
  daysToExpiry,
  earliestUsableExpiry,
  isExpired,
  isReservable,
  isShortDated,
  meetsShelfLife,
  planFefo,
  takeFefo,
  compareFefo,
  stockState,
  calendarDate,
  isValidBarcode,
  ean13,
  gtinCheckDigit,
  barcode,
  fieldIssues,
  createIncomeBody,
  editBatchesBody,
  searchKey,
  shelfLifeMonthsToDays,
} from './index.js';

describe('business dates (Asia/Tashkent, UTC+5)', () => {
  it('turns an instant into the Tashkent calendar date', () => {
    expect(businessDate(new Date('2026-03-01T18:59:59Z'))).toBe('2026-03-01');
    expect(businessDate(new Date('2026-03-01T19:00:00Z'))).toBe('2026-03-02');
  });
  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });
  it('accepts only real calendar dates', () => {
    expect(calendarDate.safeParse('2026-02-28').success).toBe(true);
    expect(calendarDate.safeParse('2026-02-30').success).toBe(false);
    expect(calendarDate.safeParse('28.02.2026').success).toBe(false);
  });
});

describe('expiry: the one definition', () => {
  const today = '2026-06-15';
  it('sells up to and including the expiry date', () => {
    expect(isExpired('2026-06-14', today)).toBe(true);
    expect(isExpired('2026-06-15', today)).toBe(false);
    expect(daysToExpiry('2026-06-15', today)).toBe(0);
    expect(daysToExpiry('2026-06-14', today)).toBe(-1);
  });
  it('honours a minimum remaining shelf life', () => {
    expect(meetsShelfLife('2026-07-15', today, 30)).toBe(true);
    expect(meetsShelfLife('2026-07-14', today, 30)).toBe(false);
    expect(earliestUsableExpiry(today, 30)).toBe('2026-07-15');
  });
  it('marks short-dated stock, never expired stock', () => {
    expect(isShortDated('2026-09-13', today, 90)).toBe(true);
    expect(isShortDated('2026-09-14', today, 90)).toBe(false);
    expect(isShortDated('2026-06-14', today, 90)).toBe(false);
  });
  it('shows blocked before expired before short-dated', () => {
    expect(stockState({ status: 'recalled', expiryDate: '2020-01-01' }, today, 90)).toBe('recalled');
    expect(stockState({ status: 'quarantine', expiryDate: '2030-01-01' }, today, 90)).toBe('quarantine');
    expect(stockState({ status: 'available', expiryDate: '2026-06-01' }, today, 90)).toBe('expired');
    expect(stockState({ status: 'available', expiryDate: '2026-07-01' }, today, 90)).toBe('shortDated');
    expect(stockState({ status: 'available', expiryDate: '2027-07-01' }, today, 90)).toBe('ok');
  });
  it('never lets an expired or blocked batch be reservable', () => {
    const date = fc.integer({ min: -400, max: 400 }).map((d) => addDays(today, d));
    fc.assert(
      fc.property(date, fc.constantFrom('available', 'quarantine', 'recalled' as const), fc.integer({ min: 0, max: 365 }), (expiryDate, status, min) => {
        const reservable = isReservable({ status, expiryDate }, today, min);
        if (reservable) {
          expect(isExpired(expiryDate, today)).toBe(false);
          expect(status).toBe('available');
          expect(daysToExpiry(expiryDate, today)).toBeGreaterThanOrEqual(min);
        }
        expect(stockState({ status, expiryDate }, today, 90) === 'expired').toBe(status === 'available' && isExpired(expiryDate, today));
      }),
    );
  });
});

describe('minimum shelf life in months', () => {
  it('counts calendar months as days from today', () => {
    expect(shelfLifeMonthsToDays(null, '2026-01-15')).toBe(0);
    expect(shelfLifeMonthsToDays(0, '2026-01-15')).toBe(0);
    expect(shelfLifeMonthsToDays(1, '2026-01-15')).toBe(31);
    expect(shelfLifeMonthsToDays(1, '2026-02-15')).toBe(28);
    expect(shelfLifeMonthsToDays(12, '2026-03-01')).toBe(365);
    // the end of a month clamps to the shorter month
    expect(shelfLifeMonthsToDays(1, '2026-01-31')).toBe(28);
    expect(shelfLifeMonthsToDays(1, '2028-01-31')).toBe(29);
    expect(shelfLifeMonthsToDays(2, '2026-11-30')).toBe(61);
  });
});

describe('FEFO', () => {
  it('takes chunk by chunk as the server reads batches, ending where one pass over all of them ends', () => {
    const ordered = [
      { id: 1, expiryDate: '2026-09-01', free: 3 },
      { id: 2, expiryDate: '2026-09-01', free: 4 },
      { id: 3, expiryDate: '2027-01-01', free: 10 },
    ].sort(compareFefo);
    const first = takeFefo(ordered.slice(0, 2), 9);
    expect(first).toMatchObject({ left: 2, seenFree: 7 });
    const second = takeFefo(ordered.slice(2), first.left);
    expect([...first.taken, ...second.taken].map((t) => [t.batch.id, t.quantity])).toEqual(planFefo(ordered, 9).map((p) => [p.batch.id, p.quantity]));
    expect(takeFefo(ordered, 30)).toMatchObject({ left: 13, seenFree: 17 });
  });
  it('takes from the earliest expiry first, then the oldest batch', () => {
    const plan = planFefo(
      [
        { id: 3, expiryDate: '2027-01-01', free: 10 },
        { id: 2, expiryDate: '2026-09-01', free: 4 },
        { id: 1, expiryDate: '2026-09-01', free: 3 },
      ],
      9,
    );
    expect(plan.map((p) => [p.batch.id, p.quantity])).toEqual([
      [1, 3],
      [2, 4],
      [3, 2],
    ]);
    expect(planFefo([{ id: 1, expiryDate: '2026-09-01', free: 3 }], 4)).toEqual([]);
  });
  it('takes exactly the quantity, never more than a batch has, and never a later batch while an earlier one has stock', () => {
    const candidate = fc.record({
      id: fc.integer({ min: 1, max: 1e6 }),
      expiryDate: fc.integer({ min: 0, max: 1000 }).map((d) => addDays('2026-01-01', d)),
      free: fc.integer({ min: 0, max: 50 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (c) => c.id, maxLength: 30 }), fc.integer({ min: 1, max: 500 }), (candidates, quantity) => {
        const plan = planFefo(candidates, quantity);
        const total = candidates.reduce((s, c) => s + c.free, 0);
        if (total < quantity) {
          expect(plan).toEqual([]);
          return;
        }
        expect(plan.reduce((s, p) => s + p.quantity, 0)).toBe(quantity);
        for (const p of plan) expect(p.quantity).toBeLessThanOrEqual(p.batch.free);
        const taken = new Set(plan.map((p) => p.batch.id));
        const lastExpiry = plan.at(-1)!.batch.expiryDate;
        for (const c of candidates) if (c.free > 0 && c.expiryDate < lastExpiry) expect(taken.has(c.id)).toBe(true);
      }),
    );
  });
});

describe('barcodes', () => {
  it('checks the GS1 check digit', () => {
    expect(isValidBarcode('4600702009279')).toBe(true);
    expect(isValidBarcode('4600702009271')).toBe(false);
    expect(isValidBarcode('96385074')).toBe(true); // EAN-8
    expect(isValidBarcode('036000291452')).toBe(true); // UPC-A
    expect(isValidBarcode('460070200927')).toBe(false);
    expect(ean13('478000000001')).toHaveLength(13);
    expect(fieldIssues(barcode.safeParse('1234567890123').error!)[0]!.key).toBe('barcodeInvalid');
  });
  it('completes any 12 digits into a valid EAN-13', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{12}$/), (d) => isValidBarcode(ean13(d))));
    expect(gtinCheckDigit('400638133393')).toBe(1);
  });
});

describe('income and /editable validation', () => {
  const line = { productId: 1, series: 'A1', expiryDate: '2027-01-01', quantity: 5, basePrice: 100_000 };
  const income = { date: '2026-06-01', warehouseId: 1, supplier: 'Grand Pharm', vatPercent: 12, markupPercent: 15 };
  it('refuses a line that expired before it arrived, and the same product twice', () => {
    const r = createIncomeBody.safeParse({ ...income, lines: [line, { ...line, expiryDate: '2026-05-31', series: 'B' }, { ...line, series: ' a1 ' }] });
    const issues = Object.fromEntries(fieldIssues(r.error!).map((i) => [i.path, i.key]));
    expect(issues).toEqual({ 'lines.1.expiryDate': 'expiryPassed', 'lines.2.productId': 'productTwice' });
    expect(createIncomeBody.safeParse({ ...income, lines: [{ ...line, expiryDate: '2026-06-01' }] }).success).toBe(true);
  });
  it('refuses the same stock row twice in one save', () => {
    const row = { id: 1, version: 1, series: 'A', expiryDate: '2027-01-01', onHand: 1, basePrice: 1, vatPercent: 12, markupPercent: 10 };
    const r = editBatchesBody.safeParse({ rows: [row, row] });
    expect(fieldIssues(r.error!)[0]).toMatchObject({ path: 'rows.1.id', key: 'duplicate' });
  });
});

describe('search keys for drug names', () => {
  it('finds Latin INN spellings in Cyrillic names and back', () => {
    for (const [a, b] of [
      ['Парацетамол', 'Paracetamol'],
      ['Амоксициллин', 'Amoxicillin'],
      ['Ципрофлоксацин', 'Ciprofloxacin'],
      ['Ника Фарм', 'Nika Pharm'],
      ['Джурабек', 'Jurabek'],
    ]) {
      expect(searchKey(a!)).toBe(searchKey(b!));
    }
  });
});
