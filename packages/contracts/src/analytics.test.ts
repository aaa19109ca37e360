import { describe, expect, it } from 'vitest';
import { emptyTotals, figuresOf, growth, periodOf, previousPeriod, sameLastYear } from './analytics.js';

describe('analytics periods', () => {
  it('finds the period of a kind around a day (weeks from Monday)', () => {
    expect(periodOf('day', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(periodOf('week', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOf('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('quarter', '2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodOf('year', '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('compares whole months with as many whole months before, other periods with as many days', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-10-01', to: '2026-12-31' })).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(previousPeriod({ from: '2026-11-23', to: '2026-11-29' })).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('takes the same period last year, February ending on its last day', () => {
    expect(sameLastYear({ from: '2026-10-01', to: '2026-10-31' })).toEqual({ from: '2025-10-01', to: '2025-10-31' });
    expect(sameLastYear({ from: '2025-02-01', to: '2025-02-28' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(sameLastYear({ from: '2024-02-29', to: '2024-02-29' })).toEqual({ from: '2023-02-28', to: '2023-02-28' });
  });
});

describe('analytics measures', () => {
  it('computes rates from the sums, null over nothing', () => {
    const t = {
      ...emptyTotals(),
      visitsPlanned: 10,
      visitsCancelled: 2,
      visitsCompleted: 6,
      visitsQuestionable: 3,
      repDays: 4,
      visitSeconds: 5400,
      timedVisits: 6,
      ordersCount: 4,
      ordersSum: 1000,
    };
    const f = figuresOf(t);
    expect(f.completionRate).toBe(0.75);
    expect(f.questionableShare).toBe(0.5);
    expect(f.visitsPerRepDay).toBe(1.5);
    expect(f.averageVisitMinutes).toBe(15);
    expect(f.averageOrder).toBe(250);
    expect(f.coverageRate).toBeNull();
    expect(figuresOf(emptyTotals()).completionRate).toBeNull();
  });

  it('measures growth as a share of the earlier figure', () => {
    expect(growth(120, 100)).toBeCloseTo(0.2);
    expect(growth(50, 100)).toBe(-0.5);
    expect(growth(5, 0)).toBeNull();
    expect(growth(null, 3)).toBeNull();
  });
});
