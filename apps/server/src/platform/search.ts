import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchTerms } from '@pharma/contracts';
import type { Tx } from '../db/client.js';

/*
 * Word-based search across scripts (decision 028). A record keeps `search_key` = searchText() of its
 * searchable texts (" apteka sxifo 3 lutfiy kuchasi … ", written on every change, trigram GIN
 * index); a query matches when every one of its words begins a word of it (`like '% word%'`, which
 * the trigram index answers), or, for a query of digits (a phone or an inn in any formatting), when
 * the digits are in it. One implementation for every searchable record.
 */

/** Every word of the query begins a word of the column's search text; digits alone are looked for anywhere in it. */
export function searchCondition(column: AnyColumn | SQL, q: string): SQL {
  const terms = searchTerms(q);
  if (terms.digits !== undefined) return sql`${column} like ${`%${terms.digits}%`}`;
  if (terms.words.length === 0) return sql`false`;
  return and(...terms.words.map((w) => sql`${column} like ${`% ${w}%`}`))!;
}

/**
 * How well a match is named, best first: 0 — every word of the query is a whole word of the name
 * ("Шифо": "Аптека «Шифо» №3"), 1 — every word begins one ("Shifobaxsh"), 2 — found elsewhere (an
 * address on Ibn Sino street, a responsible person). Digits: 0 when they are a whole inn or phone.
 */
export function searchRank(nameColumn: AnyColumn | SQL, column: AnyColumn | SQL, q: string): SQL<number> {
  const terms = searchTerms(q);
  if (terms.digits !== undefined) return sql<number>`(case when ${column} like ${`% ${terms.digits} %`} then 0 else 1 end)`;
  if (terms.words.length === 0) return sql<number>`2`;
  const all = (pattern: (w: string) => string) => and(...terms.words.map((w) => sql`${nameColumn} like ${pattern(w)}`));
  return sql<number>`(case when ${all((w) => `% ${w} %`)} then 0 when ${all((w) => `% ${w}%`)} then 1 else 2 end)`;
}

/**
 * Writes recomputed search keys of many rows in one statement. A migration that changes the form
 * of the keys empties them (''); start-up recomputes the emptied ones through this.
 */
export async function writeSearchKeys(db: Tx, table: string, rows: ({ id: number } & Record<string, string | number>)[]) {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!).filter((c) => c !== 'id');
  const set = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = x.${sql.identifier(c)}`),
    sql`, `,
  );
  const shape = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} text`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sql.identifier(table)} t set ${set} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, ${shape}) where t.id = x.id`,
  );
}
