import { getTableName, sql, SQL, type AnyColumn } from 'drizzle-orm';

/** An instant as ISO 8601 in UTC ("2026-11-22T09:30:00Z"), the way every API answer carries it. */
export const isoInstant = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The instant a business date (Asia/Tashkent, UTC+5) starts. */
export const dayStart = (date: string) => new Date(`${date}T00:00:00+05:00`);

/** The SQLSTATE of a driver error (PGlite and node-postgres wrap it differently). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}
export function pgConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.cause?.constraint ?? e?.constraint;
}
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
/** A foreign key refused the change (23503; 23001 when the key says ON DELETE RESTRICT). */
export const isForeignKeyViolation = (error: unknown) => ['23503', '23001'].includes(pgErrorCode(error) ?? '');
export const isCheckViolation = (error: unknown) => pgErrorCode(error) === '23514';

/**
 * Runs a transaction again when PostgreSQL gave up on it because of a deadlock
 * or a serialization failure (both are safe to retry: nothing was committed).
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/**
 * A column written "table"."column" whatever the query: Drizzle leaves columns
 * unqualified in a single-table select, which inside a correlated subquery
 * would bind to the subquery's own table. Use it in every raw subquery.
 */
export function qualified(column: AnyColumn | SQL): SQL {
  if (column instanceof SQL) return column;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
