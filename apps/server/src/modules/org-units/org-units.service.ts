import { count, eq, asc } from 'drizzle-orm';
import type { OrgUnit, SaveOrgUnitBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isUniqueViolation } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { orgUnitTables, type OrgUnitKind } from './org-units.table.js';

const entityOf = { departments: 'department', branches: 'branch' } as const;
const userColumnOf = { departments: users.departmentId, branches: users.branchId } as const;

export async function listOrgUnits(db: Db, kind: OrgUnitKind): Promise<OrgUnit[]> {
  const table = orgUnitTables[kind];
  const userColumn = userColumnOf[kind];
  const counts = db
    .select({ unitId: userColumn, n: count().as('n') })
    .from(users)
    .groupBy(userColumn)
    .as('counts');
  const rows = await db
    .select({ id: table.id, name: table.name, description: table.description, regionId: table.regionId, userCount: counts.n })
    .from(table)
    .leftJoin(counts, eq(counts.unitId, table.id))
    .orderBy(asc(table.name));
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0) }));
}

async function getOrgUnit(db: Db, kind: OrgUnitKind, id: number): Promise<OrgUnit> {
  const found = (await listOrgUnits(db, kind)).find((u) => u.id === id);
  if (!found) throw notFound();
  return found;
}

export async function saveOrgUnit(db: Db, actor: Actor, kind: OrgUnitKind, input: SaveOrgUnitBody, id?: number): Promise<OrgUnit> {
  const table = orgUnitTables[kind];
  const values = { name: input.name, description: input.description ?? null, regionId: input.regionId ?? null };
  try {
    const savedId = await db.transaction(async (tx) => {
      if (id === undefined) {
        const [created] = await tx.insert(table).values(values).returning();
        await recordAudit(tx, actor, { entity: entityOf[kind], entityId: created!.id, action: 'create', after: created });
        return created!.id;
      }
      const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx.update(table).set(values).where(eq(table.id, id)).returning();
      await recordAudit(tx, actor, { entity: entityOf[kind], entityId: id, action: 'update', before, after });
      return id;
    });
    return getOrgUnit(db, kind, savedId);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('CONFLICT', 'name', 'invalid');
    throw error;
  }
}

export async function deleteOrgUnit(db: Db, actor: Actor, kind: OrgUnitKind, id: number): Promise<void> {
  const table = orgUnitTables[kind];
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!before) throw notFound();
    await recordAudit(tx, actor, { entity: entityOf[kind], entityId: id, action: 'delete', before });
  });
}
