import type { Matrix, OrderPlan } from '@pharma/contracts';

/** The plan of one cell in one month (yyyy-MM), 0 when none. */
export function planOf(matrix: Matrix, productId: number, organizationId: number, month: string): number {
  return matrix.plans.find((p) => p.productId === productId && p.organizationId === organizationId && p.month === month)?.quantity ?? 0;
}

/**
 * The matrix as it will be once the plan is saved (the optimistic update of the plan input):
 * the plan replaced or added, and the planned figures of its cell, row, column and total moved by
 * the difference. A month outside the period changes nothing.
 */
export function applyPlan(matrix: Matrix, plan: OrderPlan): Matrix {
  if (!matrix.months.includes(plan.month)) return matrix;
  const delta = plan.quantity - planOf(matrix, plan.productId, plan.organizationId, plan.month);
  const same = (p: OrderPlan) => p.productId === plan.productId && p.organizationId === plan.organizationId && p.month === plan.month;
  const plans = matrix.plans.some(same) ? matrix.plans.map((p) => (same(p) ? plan : p)) : [...matrix.plans, plan];
  const hasCell = matrix.cells.some((c) => c.productId === plan.productId && c.organizationId === plan.organizationId);
  const cells = hasCell
    ? matrix.cells.map((c) => (c.productId === plan.productId && c.organizationId === plan.organizationId ? { ...c, planned: c.planned + delta } : c))
    : [...matrix.cells, { productId: plan.productId, organizationId: plan.organizationId, quantity: 0, sum: 0, planned: delta }];
  return {
    ...matrix,
    plans,
    cells,
    products: matrix.products.map((p) => (p.id === plan.productId ? { ...p, planned: p.planned + delta } : p)),
    organizations: matrix.organizations.map((o) => (o.id === plan.organizationId ? { ...o, planned: o.planned + delta } : o)),
    totals: { ...matrix.totals, planned: matrix.totals.planned + delta },
  };
}

/** The share paid of what was ordered, 0 … 1 (0 when nothing was ordered). */
export const paidShare = (paid: number, ordered: number) => (ordered > 0 ? paid / ordered : 0);
