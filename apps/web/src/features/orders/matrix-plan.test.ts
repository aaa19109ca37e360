import { describe, expect, it } from 'vitest';
import type { Matrix } from '@pharma/contracts';
import { planInputError } from '@pharma/contracts';
import { applyPlan, paidShare, planOf } from './matrix-plan';

const matrix: Matrix = {
  from: '2026-10',
  to: '2026-11',
  months: ['2026-10', '2026-11'],
  organizations: [
    { id: 1, name: 'A', quantity: 5, sum: 500, ordersSum: 500, paid: 100, planned: 7 },
    { id: 2, name: 'B', quantity: 0, sum: 0, ordersSum: 0, paid: 0, planned: 0 },
  ],
  moreOrganizations: 0,
  products: [{ id: 10, name: 'P', producerName: null, quantity: 5, sum: 500, planned: 7 }],
  cells: [{ productId: 10, organizationId: 1, quantity: 5, sum: 500, planned: 7 }],
  plans: [
    { productId: 10, organizationId: 1, month: '2026-10', quantity: 3 },
    { productId: 10, organizationId: 1, month: '2026-11', quantity: 4 },
  ],
  totals: { quantity: 5, sum: 500, ordersSum: 500, paid: 100, planned: 7 },
};

describe('applyPlan', () => {
  it('replaces a month’s plan and moves cell, row, column and total by the difference', () => {
    const next = applyPlan(matrix, { productId: 10, organizationId: 1, month: '2026-11', quantity: 10 });
    expect(planOf(next, 10, 1, '2026-11')).toBe(10);
    expect(next.cells[0]!.planned).toBe(13);
    expect(next.products[0]!.planned).toBe(13);
    expect(next.organizations[0]!.planned).toBe(13);
    expect(next.totals.planned).toBe(13);
    expect(next.plans).toHaveLength(2);
    expect(matrix.totals.planned).toBe(7); // the original is untouched (it is the rollback)
  });

  it('adds a plan to an empty cell and ignores a month outside the period', () => {
    const next = applyPlan(matrix, { productId: 10, organizationId: 2, month: '2026-10', quantity: 6 });
    expect(next.cells.find((c) => c.organizationId === 2)).toMatchObject({ quantity: 0, planned: 6 });
    expect(next.organizations[1]!.planned).toBe(6);
    expect(next.totals.planned).toBe(13);
    expect(applyPlan(matrix, { productId: 10, organizationId: 2, month: '2027-01', quantity: 6 })).toBe(matrix);
  });

  it('shares paid against ordered, 0 when nothing was ordered', () => {
    expect(paidShare(100, 500)).toBe(0.2);
    expect(paidShare(0, 0)).toBe(0);
  });
});

describe('planInputError', () => {
  it('accepts whole numbers ≥ 0 and names what is wrong otherwise', () => {
    expect(planInputError('')).toBeNull();
    expect(planInputError(' 12 ')).toBeNull();
    expect(planInputError('0')).toBeNull();
    expect(planInputError('-1')).toBe('tooSmall');
    expect(planInputError('1.5')).toBe('wholeNumber');
    expect(planInputError('1,5')).toBe('wholeNumber');
    expect(planInputError('abc')).toBe('wholeNumber');
    expect(planInputError('100001')).toBe('tooBig');
  });
});
