import { z } from 'zod';
import { analyticsQuery } from './analytics.js';
import { pageQuery, parseSort, sortParam } from './common/paging.js';
import { queryId } from './common/validation.js';

/** Monthly sales: products, categories or producers × months. */
export const salesDimensions = ['product', 'category', 'producer'] as const;
export type SalesDimension = (typeof salesDimensions)[number];
export const monthlySalesQuery = analyticsQuery.and(
  z.object({
    by: z.enum(salesDimensions).default('product'),
    productId: queryId().optional(),
    categoryId: queryId().optional(),
    producerId: queryId().optional(),
    // a page at a time, as every data table: a year of a large catalogue is thousands of rows (1.6 MB whole)
    page: pageQuery.shape.page,
    size: pageQuery.shape.size,
    /** name, quantity, sum, or a month's sum as "m" and the month (m202610); "-" for descending; by sum descending when none */
    sort: sortParam,
  }),
);
export const monthlySalesRow = z.object({
  key: z.number().nullable(),
  name: z.string().nullable(),
  /** per month (its first day): quantity, sum at sale price, the plan's quantity (null = no plan) */
  months: z.record(z.string(), z.object({ quantity: z.number(), sum: z.number(), plan: z.number().nullable() })),
  quantity: z.number(),
  sum: z.number(),
  plan: z.number().nullable(),
  previousSum: z.number(),
});
export const monthlySales = z.object({
  by: z.enum(salesDimensions),
  months: z.array(z.string()),
  /** the page's rows, in the order asked */
  rows: z.array(monthlySalesRow),
  /** every row's count, the page and its size */
  rowCount: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** of every row, not the page's: per month and in all */
  total: z.object({
    months: monthlySalesRow.shape.months,
    quantity: z.number(),
    sum: z.number(),
    plan: z.number().nullable(),
    previousSum: z.number(),
  }),
});
export type MonthlySales = z.infer<typeof monthlySales>;
export type MonthlySalesRow = z.infer<typeof monthlySalesRow>;

/** The sort key of a month's column. */
export const monthSortKey = (month: string) => `m${month.slice(0, 7).replace('-', '')}`;

/** One page of every row of monthly sales (all of them, as computed once), sorted as asked: by sum, largest first, by default. */
export function monthlySalesPage(all: MonthlySales, q: { page: number; size: number; sort?: string }): MonthlySales {
  const byMonth = Object.fromEntries(all.months.map((m) => [monthSortKey(m), m]));
  const { field, desc } = parseSort(q.sort, ['name', 'quantity', 'sum', ...Object.keys(byMonth)], 'sum');
  const descending = q.sort ? desc : true;
  const value = (r: MonthlySalesRow): number | string =>
    field === 'name' ? (r.name ?? '') : field === 'quantity' ? r.quantity : field === 'sum' ? r.sum : (r.months[byMonth[field]!]?.sum ?? 0);
  const rows = [...all.rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number);
    return (descending ? -order : order) || String(a.key).localeCompare(String(b.key));
  });
  const from = (q.page - 1) * q.size;
  return { ...all, rows: rows.slice(from, from + q.size), rowCount: all.rows.length, page: q.page, size: q.size };
}

/** Plan fulfilment: fact ÷ plan, null without a plan. */
export const planFulfilment = (fact: number, plan: number | null) => (plan && plan > 0 ? fact / plan : null);
