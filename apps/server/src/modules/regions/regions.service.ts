import { asc, eq } from 'drizzle-orm';
import type { Region, SaveDistrictBody, SaveRegionBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/sql.js';
import { districts, regions } from './regions.table.js';

export async function listRegions(db: Db): Promise<Region[]> {
  const [regionRows, districtRows] = await Promise.all([
    db.select().from(regions).orderBy(asc(regions.id)),
    db.select().from(districts).orderBy(asc(districts.id)),
  ]);
  return regionRows.map((r) => ({ ...r, districts: districtRows.filter((d) => d.regionId === r.id) }));
}

export async function saveRegion(db: Db, actor: Actor, input: SaveRegionBody, id?: number): Promise<Region> {
  try {
    const savedId = await db.transaction(async (tx) => {
      if (id === undefined) {
        const [created] = await tx.insert(regions).values(input).returning();
        await recordAudit(tx, actor, { entity: 'region', entityId: created!.id, action: 'create', after: created });
        return created!.id;
      }
      const [before] = await tx.select().from(regions).where(eq(regions.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx.update(regions).set(input).where(eq(regions.id, id)).returning();
      await recordAudit(tx, actor, { entity: 'region', entityId: id, action: 'update', before, after });
      return id;
    });
    return (await listRegions(db)).find((r) => r.id === savedId)!;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('CONFLICT', 'code', 'invalid');
    throw error;
  }
}

export async function saveDistrict(db: Db, actor: Actor, input: SaveDistrictBody, id?: number) {
  const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.regionId));
  if (!region) throw fieldError('VALIDATION_FAILED', 'regionId', 'invalidOption');
  return db.transaction(async (tx) => {
    if (id === undefined) {
      const [created] = await tx.insert(districts).values(input).returning();
      await recordAudit(tx, actor, { entity: 'district', entityId: created!.id, action: 'create', after: created });
      return created!;
    }
    const [before] = await tx.select().from(districts).where(eq(districts.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx.update(districts).set(input).where(eq(districts.id, id)).returning();
    await recordAudit(tx, actor, { entity: 'district', entityId: id, action: 'update', before, after });
    return after!;
  });
}

export async function deleteDistrict(db: Db, actor: Actor, id: number) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(districts).where(eq(districts.id, id)).returning();
      if (!before) throw notFound();
      await recordAudit(tx, actor, { entity: 'district', entityId: id, action: 'delete', before });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('IN_USE');
    throw error;
  }
}
