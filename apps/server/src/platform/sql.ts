import { getTableName, sql, SQL, type AnyColumn } from 'drizzle-orm';

/** An instant as ISO 8601 in UTC (the API's format for instants). */
export const isoInstant = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The PostgreSQL error code of a failed statement, whichever driver raised it. */
export const pgCode = (error: unknown): string | undefined =>
  (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
/** The constraint a failed statement broke, whichever driver raised it. */
export const pgConstraint = (error: unknown): string | undefined =>
  (error as { constraint?: string })?.constraint ?? (error as { cause?: { constraint?: string } })?.cause?.constraint;

/**
 * A column written "table"."column" whatever the query: Drizzle leaves columns
 * unqualified in a single-table select, which inside a correlated subquery
 * would bind to the subquery's own table. Use it in every raw subquery.
 */
export function qualified(column: AnyColumn | SQL): SQL {
  if (column instanceof SQL) return column;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
