import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from './common/dates.js';
import { fieldIssues } from './common/validation.js';
import { ageDebt, ageingBucketOf, creditCheck, debtSummary, orderOwed, recordPaymentBody } from './payments.js';

const today = '2026-11-24';
const delivered = (daysAgo: number, owed: number) => ({ owed, deliveredOn: addDays(today, -daysAgo) });

describe("an order's owed amount", () => {
  it('is the sale sum less what was paid, never below zero, and nothing for a cancelled order', () => {
    expect(orderOwed({ status: 'delivered', sumSale: 100_000, paid: 30_000 })).toBe(70_000);
    expect(orderOwed({ status: 'delivered', sumSale: 100_000, paid: 120_000 })).toBe(0);
    expect(orderOwed({ status: 'cancelled', sumSale: 100_000, paid: 0 })).toBe(0);
  });
});

describe('ageing of a debt', () => {
  it('puts each delivered order into its bucket by whole days since delivery, the edges included', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(ageingBucketOf)).toEqual(['upTo30', 'upTo30', 'upTo60', 'upTo60', 'upTo90', 'upTo90', 'over90', 'over90']);
    const ageing = ageDebt([delivered(0, 100), delivered(30, 200), delivered(31, 400), delivered(61, 800), delivered(91, 1_600)], today, 365);
    expect(ageing).toEqual({ total: 3_100, buckets: { upTo30: 300, upTo60: 400, upTo90: 800, over90: 1_600 }, overdue: 0, oldestDays: 91 });
  });

  it('counts as overdue only what was delivered more than creditDays ago; 0 days = from the next day', () => {
    const items = [delivered(14, 1_000), delivered(15, 2_000), delivered(0, 4_000)];
    expect(ageDebt(items, today, 14).overdue).toBe(2_000);
    expect(ageDebt(items, today, 0).overdue).toBe(3_000);
  });

  it('a client without deferral days (no credit terms) is overdue from the day after delivery (decision 022)', () => {
    // the demo hospital: 4,057,000 sum delivered 144 days ago, no credit — it is overdue, not 0
    const ageing = ageDebt([delivered(144, 405_700_000), delivered(0, 1_000)], today, null);
    expect(ageing).toMatchObject({ total: 405_701_000, overdue: 405_700_000, oldestDays: 144 });
    expect(ageDebt([delivered(1, 500)], today, null).overdue).toBe(500);
  });

  it('ignores settled orders and a delivery dated after today', () => {
    expect(ageDebt([delivered(40, 0), delivered(50, -5), { owed: 700, deliveredOn: addDays(today, 2) }], today, 10)).toEqual({
      total: 700,
      buckets: { upTo30: 700, upTo60: 0, upTo90: 0, over90: 0 },
      overdue: 0,
      oldestDays: 0,
    });
  });

  it('the buckets always add up to the total, and overdue never exceeds it (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ days: fc.integer({ min: 0, max: 500 }), owed: fc.integer({ min: -10, max: 10_000_000 }) })),
        fc.option(fc.integer({ min: 0, max: 365 })),
        (rows, creditDays) => {
          const a = ageDebt(
            rows.map((r) => delivered(r.days, r.owed)),
            today,
            creditDays,
          );
          expect(a.buckets.upTo30 + a.buckets.upTo60 + a.buckets.upTo90 + a.buckets.over90).toBe(a.total);
          expect(a.overdue).toBeLessThanOrEqual(a.total);
          expect(a.total).toBe(rows.reduce((s, r) => s + Math.max(0, r.owed), 0));
        },
      ),
    );
  });

  it('the summary says what is left of the limit and whether it is exceeded', () => {
    const ageing = ageDebt([delivered(5, 700)], today, 30);
    expect(debtSummary(1, ageing, 1_000, 30)).toMatchObject({ total: 700, creditLeft: 300, exceeded: false });
    expect(debtSummary(1, ageing, 500, 30)).toMatchObject({ creditLeft: -200, exceeded: true });
    expect(debtSummary(1, ageing, null, null)).toMatchObject({ creditLimit: null, creditLeft: null, exceeded: false });
    expect(debtSummary(1, ageDebt([delivered(5, 700)], today, 3), 10_000, 3)).toMatchObject({ overdue: 700, exceeded: true });
  });
});

describe('the credit check of an approval (decision 022)', () => {
  const order = { sumSale: 1_000, prepaymentAmount: 0, paid: 0, debt: 0, overdue: 0, creditLimit: 5_000 };
  it('passes within the limit, refuses above it counting what the order leaves unpaid', () => {
    expect(creditCheck({ ...order, debt: 4_000 })).toEqual({ ok: true, reasons: [], unpaid: 1_000, prepaymentOwed: 0 });
    expect(creditCheck({ ...order, debt: 4_001 })).toEqual({ ok: false, reasons: ['limitExceeded'], unpaid: 1_000, prepaymentOwed: 0 });
    expect(creditCheck({ ...order, debt: 4_500, paid: 500 })).toEqual({ ok: true, reasons: [], unpaid: 500, prepaymentOwed: 0 });
  });
  it('refuses an order whose prepayment is not paid: a prepayment agreed is not a prepayment received', () => {
    expect(creditCheck({ ...order, prepaymentAmount: 300 })).toEqual({ ok: false, reasons: ['prepaymentUnpaid'], unpaid: 1_000, prepaymentOwed: 300 });
    expect(creditCheck({ ...order, prepaymentAmount: 300, paid: 299 })).toMatchObject({ ok: false, reasons: ['prepaymentUnpaid'], prepaymentOwed: 1 });
    expect(creditCheck({ ...order, prepaymentAmount: 300, paid: 300 })).toEqual({ ok: true, reasons: [], unpaid: 700, prepaymentOwed: 0 });
    // 100 % prepayment still has to come in
    expect(creditCheck({ ...order, creditLimit: null, prepaymentAmount: 1_000 })).toMatchObject({ ok: false, reasons: ['prepaymentUnpaid', 'noCredit'] });
  });
  it('names every reason at once: no credit, overdue debt, over the limit — unless the order is paid in full', () => {
    expect(creditCheck({ ...order, overdue: 1 })).toMatchObject({ ok: false, reasons: ['overdue'] });
    expect(creditCheck({ ...order, creditLimit: null })).toMatchObject({ ok: false, reasons: ['noCredit'] });
    expect(creditCheck({ ...order, creditLimit: null, overdue: 10 })).toMatchObject({ ok: false, reasons: ['noCredit', 'overdue'] });
    expect(creditCheck({ ...order, prepaymentAmount: 100, overdue: 5, debt: 4_500 })).toMatchObject({
      ok: false,
      reasons: ['prepaymentUnpaid', 'overdue', 'limitExceeded'],
    });
    expect(creditCheck({ ...order, creditLimit: null, paid: 1_000 })).toEqual({ ok: true, reasons: [], unpaid: 0, prepaymentOwed: 0 });
    expect(creditCheck({ ...order, overdue: 50, debt: 99_999, paid: 1_000 })).toEqual({ ok: true, reasons: [], unpaid: 0, prepaymentOwed: 0 });
  });
});

describe('a payment body', () => {
  it('needs a positive whole amount in tiyin, a real date and a known method', () => {
    expect(recordPaymentBody.safeParse({ amount: 150_000, paidOn: '2026-11-24', method: 'cash' }).success).toBe(true);
    const bad = recordPaymentBody.safeParse({ amount: 0, paidOn: '2026-02-30', method: 'barter' });
    expect(bad.success).toBe(false);
    expect(Object.fromEntries(fieldIssues(bad.error!).map((i) => [i.path, i.key]))).toEqual({
      amount: 'tooSmall',
      paidOn: 'invalidDate',
      method: 'invalidOption',
    });
  });
});
