import { describe, expect, it } from 'vitest';
import { fieldIssues } from './common/validation.js';
import { matrixQuery, monthCount, monthEnd, monthsBetween, savePlanBody } from './order-matrix.js';

describe('months of the matrix', () => {
  it('spans years, counts both ends and knows the last day of every month', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-01')).toEqual([]);
    expect(monthCount('2025-01', '2025-12')).toBe(12);
    expect(monthCount('2025-01', '2026-01')).toBe(13);
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2026-02')).toBe('2026-02-28');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
  });
});

describe('matrixQuery', () => {
  const keys = (input: Record<string, unknown>) => {
    const r = matrixQuery.safeParse(input);
    return r.success ? {} : Object.fromEntries(fieldIssues(r.error).map((i) => [i.path, i.key]));
  };
  it('takes 12 months at most, in order, as yyyy-MM, and ids as a comma list', () => {
    expect(keys({ from: '2025-01', to: '2025-12' })).toEqual({});
    expect(keys({ from: '2025-01', to: '2026-01' })).toEqual({ to: 'periodTooLong' });
    expect(keys({ from: '2026-02', to: '2026-01' })).toEqual({ to: 'endBeforeStart' });
    expect(keys({ from: '2026-1', to: '2026-01' })).toHaveProperty('from', 'invalidDate');
    expect(matrixQuery.parse({ from: '2026-01', to: '2026-01', organizationIds: '3,5', productIds: '7' })).toMatchObject({
      organizationIds: [3, 5],
      productIds: [7],
      limit: 30,
    });
  });
});

describe('savePlanBody', () => {
  it('wants a whole number of packs, 0 or more', () => {
    const base = { organizationId: 1, productId: 2, month: '2026-11' };
    expect(savePlanBody.safeParse({ ...base, quantity: 0 }).success).toBe(true);
    const issue = (quantity: unknown) => {
      const r = savePlanBody.safeParse({ ...base, quantity });
      return r.success ? null : fieldIssues(r.error)[0]!.key;
    };
    expect(issue(-1)).toBe('tooSmall');
    expect(issue(1.5)).toBe('wholeNumber');
    expect(issue('7')).toBe('wholeNumber');
    expect(issue(100_001)).toBe('tooBig');
  });
});
