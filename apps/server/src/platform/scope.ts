import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { Actor } from './auth.js';

/**
 * The data scope of spec §6 (`actor.scope`: own, team, all) is applied along one
 * of two axes, by what a record hangs on:
 * - work done by a person (visits, orders, deliveries, payments …) → `inScope`
 *   here, on the column that names the responsible user;
 * - places (organizations and what hangs on them: doctors, favorites, the
 *   blacklist, the matrix) → `organizationScope` (organizations module), which
 *   is `inTerritory` (territories module) on the organization's district.
 * Both read the same `actor.scope` and the same team (`teamOf`); a code path that
 * must see everything (a system job) says so with `asSystem(actor)` (auth.ts).
 *
 * By user: own → that user; team → the user and everybody under them in the
 * manager hierarchy, any depth; all → no condition.
 */
export function inScope(actor: Pick<Actor, 'id' | 'scope'>, userColumn: AnyColumn | SQL): SQL | undefined {
  switch (actor.scope) {
    case 'all':
      return undefined;
    case 'own':
      return sql`${userColumn} = ${actor.id}`;
    case 'team':
      return sql`${userColumn} in (${teamOf(actor.id)})`;
  }
}

/** The ids of a user and of everyone under them, as a subquery. */
export function teamOf(userId: number): SQL {
  return sql`with recursive team(id) as (
      select ${userId}::int
      union
      select u.id from users u join team t on u.manager_id = t.id
    ) select id from team`;
}
