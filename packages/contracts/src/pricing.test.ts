import { describe, expect, it } from 'vitest';
import { languages } from './common/languages.js';
import fc from 'fast-check';
import {
  basePriceWithVat,
  calculatePrices,
  calculateSalePriceQuery,
  divideHalfUp,
  formatMoney,
  maxLineQuantity,
  maxMarkupPercent,
  maxUnitPriceTiyin,
  maxVatPercent,
  parseMoney,
  percentToBp,
  prepaymentAmount,
  pricePosition,
  priceTotals,
  resolveMarkup,
  salePrice,
  fieldIssues,
  saveTradeSettingsBody,
  defaultTradeSettings,
} from './index.js';

const price = fc.integer({ min: 0, max: maxUnitPriceTiyin });
/** percentages with up to two decimals */
const pct = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((bp) => bp / 100);
const qty = fc.integer({ min: 1, max: maxLineQuantity });

describe('UZS rounding rules (pricing.ts doc comment)', () => {
  it('rounds halves up, everything else to the nearest', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(-15n, 10n)).toBe(-2n);
    expect(divideHalfUp(-14n, 10n)).toBe(-1n);
    expect(divideHalfUp(20n, 10n)).toBe(2n);
  });

  it('rule 1: base price with VAT to the tiyin', () => {
    expect(basePriceWithVat(1_000_000, 12)).toBe(1_120_000); // 10 000 sum → 11 200 sum
    expect(basePriceWithVat(1_000_050, 12)).toBe(1_120_056); // 10 000.50 × 1.12 = 11 200.56
    expect(basePriceWithVat(1_234_567, 12)).toBe(1_382_715); // 1 382 715.04 tiyin
    expect(basePriceWithVat(125, 12)).toBe(140);
    expect(basePriceWithVat(1, 50)).toBe(2); // 1.5 tiyin → 2
  });

  it('rule 2: sale price rounded once to a whole sum', () => {
    expect(salePrice(1_000_000, 0, 12)).toBe(1_120_000);
    expect(salePrice(1_000_050, 0, 12)).toBe(1_120_100); // 11 200.56 → 11 201 sum
    expect(salePrice(1_000_000, 15, 12)).toBe(1_288_000); // 10 000 × 1.15 × 1.12 = 12 880
    expect(salePrice(1_234_567, 12.5, 12)).toBe(1_555_600); // 15 555.54… → 15 556
    // 8 333.33 × 1.2 = 9 999.996 → 10 000 sum: no early rounding of the markup
    expect(salePrice(833_333, 20, 0)).toBe(1_000_000);
    expect(salePrice(4_464_286, 0, 12)).toBe(5_000_000); // 50 000.0032 → 50 000
    expect(salePrice(4_464_241, 0, 12)).toBe(4_999_900); // 49 999.4992 → 49 999
    expect(salePrice(4_464_242, 0, 12)).toBe(5_000_000); // 49 999.5104 → 50 000
  });

  it('rule 3: sums are unit price × quantity; totals are sums of lines', () => {
    const line = pricePosition({ basePrice: 1_000_050, quantity: 3, markupPercent: 0, vatPercent: 12 });
    expect(line).toMatchObject({ basePriceWithVat: 1_120_056, salePrice: 1_120_100, sumBase: 3_000_150, sumBaseWithVat: 3_360_168, sumSale: 3_360_300 });
    const { totals } = calculatePrices([
      { basePrice: 1_000_050, quantity: 3, markupPercent: 0, vatPercent: 12 },
      { basePrice: 250_000, quantity: 10, markupPercent: 20, vatPercent: 12 },
    ]);
    expect(totals).toEqual({ quantity: 13, sumBase: 5_500_150, sumBaseWithVat: 6_160_168, sumSale: 6_720_300 });
  });

  it('rule 5: prepayment to a whole sum', () => {
    expect(prepaymentAmount(6_720_300, 30)).toBe(2_016_100); // 20 160.90 → 20 161
    expect(prepaymentAmount(6_720_300, 0)).toBe(0);
    expect(prepaymentAmount(6_720_300, 100)).toBe(6_720_300);
  });

  it('refuses percentages with more than two decimals', () => {
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp(0.07)).toBe(7);
    expect(() => percentToBp(12.345)).toThrow(RangeError);
  });
});

describe('pricing properties', () => {
  it('sale price is a whole sum within half a sum of the exact price', () => {
    fc.assert(
      fc.property(price, pct(maxMarkupPercent), pct(maxVatPercent), (base, m, v) => {
        const sale = salePrice(base, m, v);
        expect(sale % 100).toBe(0);
        // exact price in units of 1e-8 tiyin
        const exact = BigInt(base) * BigInt(10_000 + percentToBp(m)) * BigInt(10_000 + percentToBp(v));
        const diff = BigInt(sale) * 100_000_000n - exact;
        expect(diff <= 50n * 100_000_000n && diff > -50n * 100_000_000n).toBe(true);
      }),
    );
  });

  it('base price with VAT is within half a tiyin of the exact value', () => {
    fc.assert(
      fc.property(price, pct(maxVatPercent), (base, v) => {
        const withVat = basePriceWithVat(base, v);
        const diff = BigInt(withVat) * 10_000n - BigInt(base) * BigInt(10_000 + percentToBp(v));
        expect(diff <= 5_000n && diff > -5_000n).toBe(true);
      }),
    );
  });

  it('never sells below the base price with VAT rounded down to the sum, and grows with markup and base', () => {
    fc.assert(
      fc.property(price, price, pct(maxMarkupPercent), pct(maxMarkupPercent), pct(maxVatPercent), (b1, b2, m1, m2, v) => {
        const [lowB, highB] = b1 <= b2 ? [b1, b2] : [b2, b1];
        const [lowM, highM] = m1 <= m2 ? [m1, m2] : [m2, m1];
        expect(salePrice(lowB, lowM, v)).toBeLessThanOrEqual(salePrice(highB, lowM, v));
        expect(salePrice(lowB, lowM, v)).toBeLessThanOrEqual(salePrice(lowB, highM, v));
        expect(salePrice(lowB, lowM, v)).toBeGreaterThanOrEqual(Math.floor(basePriceWithVat(lowB, v) / 100) * 100);
      }),
    );
  });

  it('keeps every sum an exact safe integer equal to unit × quantity', () => {
    fc.assert(
      fc.property(price, qty, pct(maxMarkupPercent), pct(maxVatPercent), (base, quantity, m, v) => {
        const p = pricePosition({ basePrice: base, quantity, markupPercent: m, vatPercent: v });
        for (const n of [p.sumBase, p.sumBaseWithVat, p.sumSale]) expect(Number.isSafeInteger(n)).toBe(true);
        expect(BigInt(p.sumSale)).toBe(BigInt(p.salePrice) * BigInt(quantity));
        expect(BigInt(p.sumBaseWithVat)).toBe(BigInt(p.basePriceWithVat) * BigInt(quantity));
      }),
    );
  });

  it('adds totals the same way however the lines are split', () => {
    const line = fc.record({
      basePrice: fc.integer({ min: 0, max: 100_000_000 }),
      quantity: fc.integer({ min: 1, max: 1000 }),
      markupPercent: pct(100),
      vatPercent: pct(20),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(line, { maxLength: 20 }), (a, b) => {
        const all = calculatePrices([...a, ...b]).totals;
        const ta = calculatePrices(a).totals;
        const tb = calculatePrices(b).totals;
        expect(all).toEqual(priceTotals([ta, tb]));
      }),
    );
  });

  it('formats and parses money without drift, in every language', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...languages), (tiyin, lng) => {
        expect(parseMoney(formatMoney(tiyin, { alwaysDecimals: true, lng }), lng)).toBe(tiyin);
      }),
    );
    expect(formatMoney(123_456_789)).toBe('1 234 567,89');
    expect(formatMoney(1_234_500)).toBe('12 345');
    expect(formatMoney(null)).toBe('0');
    expect(parseMoney('12 345,5')).toBe(1_234_550);
    expect(parseMoney('12,345.5', 'en')).toBe(1_234_550);
    expect(parseMoney('12345.5', 'en')).toBe(1_234_550);
    expect(parseMoney('12.345')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
  });
});

describe("money in each language's convention (issue 13)", () => {
  it('Russian and both Uzbek: a decimal comma and space-grouped thousands; English: comma-grouped and a decimal point', () => {
    for (const lng of ['ru', 'uz-Latn', 'uz-Cyrl'] as const) {
      expect(formatMoney(27_584_480, { lng })).toBe('275 844,80');
      expect(formatMoney(-3_531_804, { lng })).toBe('-35 318,04');
      expect(formatMoney(1_234_500, { lng, alwaysDecimals: true })).toBe('12 345,00');
    }
    expect(formatMoney(27_584_480, { lng: 'en' })).toBe('275,844.80');
    expect(formatMoney(123_456_789_000, { lng: 'en' })).toBe('1,234,567,890');
    expect(formatMoney(5, { lng: 'en' })).toBe('0.05');
  });
});

describe('calculate-sale-prices query', () => {
  it('reads numbers from the query string and names the bad field', () => {
    expect(calculateSalePriceQuery.parse({ basePrice: '1000000', markupPercent: '15', vatPercent: '12' })).toEqual({
      basePrice: 1_000_000,
      markupPercent: 15,
      vatPercent: 12,
      quantity: 1,
    });
    const r = calculateSalePriceQuery.safeParse({ basePrice: '', markupPercent: '15.555', vatPercent: '12' });
    const issues = Object.fromEntries(fieldIssues(r.error!).map((i) => [i.path, i.key]));
    expect(issues).toEqual({ basePrice: 'required', markupPercent: 'percentDecimals' });
  });
});

describe('markups (Settings → prepayments and markups)', () => {
  const settings = {
    ...defaultTradeSettings,
    markups: { wholesale: 10, retail: 25 },
    categoryMarkups: [
      { categoryId: 1, wholesale: 8, retail: null },
      { categoryId: 2, wholesale: 5, retail: 30 },
    ],
  };
  it('takes the subcategory, then the category, then the client type', () => {
    expect(resolveMarkup(settings, 'wholesale', { categoryId: 1, subcategoryId: 2 })).toBe(5);
    expect(resolveMarkup(settings, 'retail', { categoryId: 1, subcategoryId: null })).toBe(25);
    expect(resolveMarkup(settings, 'wholesale', { categoryId: 1 })).toBe(8);
    expect(resolveMarkup(settings, 'retail', { categoryId: 3, subcategoryId: 2 })).toBe(30);
    expect(resolveMarkup(settings, 'retail', {})).toBe(25);
  });
  it('refuses a category listed twice', () => {
    const r = saveTradeSettingsBody.safeParse({ ...settings, categoryMarkups: [settings.categoryMarkups[0], settings.categoryMarkups[0]] });
    expect(fieldIssues(r.error!)[0]).toMatchObject({ path: 'categoryMarkups', key: 'duplicate' });
  });
});
