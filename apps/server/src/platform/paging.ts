import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { parseSort, type PageQuery } from '@pharma/contracts';

/** ORDER BY for a list's sort parameter, with the id as the tie-breaker so pages never overlap. */
export function orderBy<F extends string>(sort: string | undefined, columns: Record<F, AnyColumn | SQL>, fallback: F, tieBreaker: AnyColumn): SQL[] {
  const { field, desc: descending } = parseSort(sort, Object.keys(columns) as F[], fallback);
  const column = columns[field];
  return [descending ? desc(column) : asc(column), descending ? desc(tieBreaker) : asc(tieBreaker)];
}

export const offsetOf = (query: Pick<PageQuery, 'page' | 'size'>) => (query.page - 1) * query.size;

/** Escapes % and _ for an ILIKE pattern. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
