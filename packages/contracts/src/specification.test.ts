import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pricePosition, vatIncluded } from './pricing.js';
import { specificationQuery, specificationTotalsOf } from './specification.js';
import type { OrderPosition } from './orders.js';

describe('VAT contained in an amount', () => {
  it('takes 12/112 of the amount, rounded half up to a tiyin', () => {
    expect(vatIncluded(11_200, 12)).toBe(1_200);
    expect(vatIncluded(100, 12)).toBe(11); // 10.71 → 11
    expect(vatIncluded(5_000_000, 0)).toBe(0);
    expect(vatIncluded(1_234_500, 12.5)).toBe(137_167); // 137 166.67 → 137 167
  });
  it('gives back the VAT added to a base (within a tiyin of rounding)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 5000 }), (base, vatBp) => {
        const vat = vatBp / 100;
        const withVat = base + Math.round((base * vatBp) / 10_000);
        expect(Math.abs(vatIncluded(withVat, vat) - (withVat - base))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('specification totals', () => {
  it('sum the quantities and the VAT of each line; keep the order totals', () => {
    const lines = [
      { basePrice: 1_234_567, quantity: 3, markupPercent: 10, vatPercent: 12 },
      { basePrice: 333_333, quantity: 7, markupPercent: 15.5, vatPercent: 0 },
    ].map(pricePosition);
    const positions = lines.map((l) => ({ ...l, sumSale: l.sumSale, vatPercent: l.vatPercent, quantity: l.quantity }) as unknown as OrderPosition);
    const sumSale = lines.reduce((s, l) => s + l.sumSale, 0);
    const totals = specificationTotalsOf({ positions, sumBaseWithVat: 1, sumSale, prepaymentPercent: 30, prepaymentAmount: 2 });
    expect(totals).toEqual({
      quantity: 10,
      sumBaseWithVat: 1,
      vatInBase: vatIncluded(lines[0]!.sumBaseWithVat, 12),
      sumSale,
      vatInSale: vatIncluded(lines[0]!.sumSale, 12),
      prepaymentPercent: 30,
      prepaymentAmount: 2,
    });
  });
  it('take only the four languages', () => {
    expect(specificationQuery.safeParse({ lang: 'uz-Cyrl' }).success).toBe(true);
    expect(specificationQuery.safeParse({}).success).toBe(true);
    expect(specificationQuery.safeParse({ lang: 'de' }).success).toBe(false);
  });
});
