import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchKey } from '@pharma/contracts';
import { likePattern } from './paging.js';

/**
 * Search across scripts: a `search_key` column holds searchKey() of the
 * record's searchable texts (kept up to date on every write, trigram-indexed);
 * the query goes through the same searchKey(), so "Apteka Shifo" finds
 * "Аптека Шифо" and "Дори-Дармон" finds "Dori-Darmon". A query of digits
 * (a phone or an inn, spaces and dashes allowed) is matched as digits.
 */
export function searchCondition(column: AnyColumn | SQL, q: string): SQL {
  const digits = /^[\d\s+()-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  const key = digits.length >= 4 ? digits : searchKey(q);
  return sql`${column} like ${likePattern(key)}`;
}
