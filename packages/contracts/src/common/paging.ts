import { z } from 'zod';
import { queryInt32, queryId } from './validation.js';

/** Data tables: 25 rows by default; 25, 50 or 100 (spec §9). */
export const pageSizes = [25, 50, 100] as const;
export const defaultPageSize = 25;
/** Search input: at least 4 characters (spec §5, §9). */
export const searchMinLength = 4;

export const searchQuery = z
  .string()
  .trim()
  .min(searchMinLength, { error: 'searchMin' })
  .max(100)
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The syntax of a sort key: a field name, "-" for descending. */
export const sortParam = z
  .string()
  .max(40)
  .regex(/^-?[A-Za-z][A-Za-z0-9]*$/, { error: 'invalidOption' })
  .optional();

export const pageQuery = z.object({
  page: queryInt32().min(1).default(1),
  size: queryInt32()
    .refine((n) => (pageSizes as readonly number[]).includes(n), { error: 'invalidOption' })
    .default(defaultPageSize),
  /**
   * a field name, descending when prefixed with "-"; each list allows its own fields (an unknown one
   * falls back to the list's default), and nothing but a plain name gets that far (no "__proto__")
   */
  sort: sortParam,
  q: searchQuery,
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** Parses "-fullName" into a field allowed by the list and a direction. */
export function parseSort<F extends string>(sort: string | undefined, allowed: readonly F[], fallback: F) {
  const desc = !!sort && sort.startsWith('-');
  const field = (sort ? sort.replace(/^-/, '') : fallback) as F;
  return allowed.includes(field) ? { field, desc } : { field: fallback, desc: false };
}

export const idParam = z.object({ id: queryId() });
