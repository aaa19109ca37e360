import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SaveTerritoriesBody, UserTerritories } from '@pharma/contracts';
import { type saveTerritoriesBody } from '@pharma/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { teamOf } from '../../platform/scope.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { qualified as q } from '../../platform/sql.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { getUser, lockUser } from '../users/users.service.js';
import { districts, regions } from '../regions/regions.table.js';
import { userTerritories } from './territories.table.js';

/** The district ids a set of users works in (a whole-region territory counts every district of it). */
function districtsOf(userIds: SQL): SQL {
  return sql`select ${q(districts.id)} from ${districts} join ${userTerritories}
    on ${q(userTerritories.regionId)} = ${q(districts.regionId)}
    and (${q(userTerritories.districtId)} is null or ${q(userTerritories.districtId)} = ${q(districts.id)})
    where ${q(userTerritories.userId)} in (${userIds})`;
}

/**
 * The data scope of organizations (and of what hangs on them: doctors,
 * favorites, nearby, duplicates) as one SQL condition on a district column:
 * own → the actor's territories; team → those of the actor and everybody under
 * them; all → no condition. See docs/decisions/001-territory-scope.md.
 */
export function inTerritory(actor: Pick<Actor, 'id' | 'scope'>, districtColumn: AnyColumn | SQL): SQL | undefined {
  switch (actor.scope) {
    case 'all':
      return undefined;
    case 'own':
      return sql`${q(districtColumn)} in (${districtsOf(sql`${actor.id}::int`)})`;
    case 'team':
      return sql`${q(districtColumn)} in (${districtsOf(teamOf(actor.id))})`;
  }
}

/** Refuses a district outside the actor's territories (a rep adds organizations only where they work). */
export async function assertInTerritory(db: Db, actor: Actor, districtId: number, field = 'districtId') {
  const condition = inTerritory(actor, districts.id);
  if (!condition) return;
  const [row] = await db
    .select({ id: districts.id })
    .from(districts)
    .where(and(eq(districts.id, districtId), condition));
  if (!row) throw fieldError('VALIDATION_FAILED', field, 'outsideTerritory');
}

/** Checks that the district exists and lies in the region. */
export async function assertDistrictInRegion(db: Db, regionId: number, districtId: number, field = 'districtId') {
  const [row] = await db.select({ regionId: districts.regionId }).from(districts).where(eq(districts.id, districtId));
  if (!row) throw fieldError('VALIDATION_FAILED', field, 'invalidOption');
  if (row.regionId !== regionId) throw fieldError('VALIDATION_FAILED', field, 'districtNotInRegion');
}

async function territoriesOf(db: Tx, userId: number): Promise<UserTerritories> {
  const items = await db
    .select({ regionId: userTerritories.regionId, districtId: userTerritories.districtId })
    .from(userTerritories)
    .where(eq(userTerritories.userId, userId))
    .orderBy(userTerritories.regionId, sql`${userTerritories.districtId} nulls first`);
  return { userId, items };
}

/** A user's territories; the user must be in the actor's data scope. */
export async function getTerritories(db: Db, actor: Actor, userId: number): Promise<UserTerritories> {
  await getUser(db, actor, userId);
  return territoriesOf(db, userId);
}

/** The signed-in user's own territories (what a rep may choose on /add-organization). */
export const myTerritories = (db: Db, actor: Actor) => territoriesOf(db, actor.id);

/** Replaces a user's territories (Settings → Staff). */
export async function saveTerritories(db: Db, actor: Actor, userId: number, input: z.output<typeof saveTerritoriesBody>): Promise<UserTerritories> {
  await getUser(db, actor, userId);
  const unique = new Map(input.items.map((t) => [`${t.regionId}:${t.districtId ?? ''}`, t]));
  const items = [...unique.values()];
  const districtIds = items.flatMap((t) => (t.districtId ? [t.districtId] : []));
  const known = districtIds.length
    ? new Map(
        (await db.select({ id: districts.id, regionId: districts.regionId }).from(districts).where(inArray(districts.id, districtIds))).map((d) => [
          d.id,
          d.regionId,
        ]),
      )
    : new Map<number, number>();
  const regionIds = new Set((await db.select({ id: regions.id }).from(regions)).map((r) => r.id));
  const fields: Record<string, string> = {};
  input.items.forEach((t, i) => {
    if (!regionIds.has(t.regionId)) fields[`items.${i}.regionId`] = 'invalidOption';
    else if (t.districtId && !known.has(t.districtId)) fields[`items.${i}.districtId`] = 'invalidOption';
    else if (t.districtId && known.get(t.districtId) !== t.regionId) fields[`items.${i}.districtId`] = 'districtNotInRegion';
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { fields });
  await db.transaction(async (tx) => {
    // one save of a user's territories at a time: concurrent delete-then-insert would collide on
    // the unique (user, region, district) — ten identical PUTs gave 500s on PostgreSQL (issue 13)
    await lockUser(tx, userId);
    const before = await territoriesOf(tx, userId);
    await tx.delete(userTerritories).where(eq(userTerritories.userId, userId));
    if (items.length) await tx.insert(userTerritories).values(items.map((t) => ({ userId, regionId: t.regionId, districtId: t.districtId ?? null })));
    await recordAudit(tx, actor, {
      entity: 'userTerritories',
      entityId: userId,
      action: 'update',
      before: { territories: before.items },
      after: { territories: items.map((t) => ({ regionId: t.regionId, districtId: t.districtId ?? null })) },
    });
  });
  return territoriesOf(db, userId);
}

export type { SaveTerritoriesBody };
