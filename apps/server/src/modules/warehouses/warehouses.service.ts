import { eq, asc, inArray } from 'drizzle-orm';
import type { SaveWarehouseBody, Warehouse } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isUniqueViolation } from '../../platform/sql.js';
import { regions } from '../regions/regions.table.js';
import { warehouses } from './warehouses.table.js';

const selectWarehouses = (db: Db) =>
  db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      regionId: warehouses.regionId,
      regionName: regions.name,
      address: warehouses.address,
      lat: warehouses.lat,
      lng: warehouses.lng,
      active: warehouses.active,
    })
    .from(warehouses)
    .leftJoin(regions, eq(regions.id, warehouses.regionId));

export async function listWarehouses(db: Db): Promise<Warehouse[]> {
  return selectWarehouses(db).orderBy(asc(warehouses.name));
}

export async function getWarehouse(db: Db, id: number): Promise<Warehouse> {
  const [row] = await selectWarehouses(db).where(eq(warehouses.id, id));
  if (!row) throw notFound();
  return row;
}

/** Warehouses by id, for other domains checking what they were given. */
export async function warehouseFacts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; active: boolean }>();
  const rows = await db.select({ id: warehouses.id, active: warehouses.active }).from(warehouses).where(inArray(warehouses.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function saveWarehouse(db: Db, actor: Actor, input: SaveWarehouseBody, id?: number): Promise<Warehouse> {
  if (id) await getWarehouse(db, id);
  if (input.regionId) {
    const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.regionId));
    if (!region) throw fieldError('VALIDATION_FAILED', 'regionId', 'invalidOption');
  }
  const values = {
    name: input.name,
    regionId: input.regionId ?? null,
    address: input.address ?? null,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
    active: input.active,
  };
  try {
    const savedId = await db.transaction(async (tx) => {
      if (!id) {
        const [created] = await tx.insert(warehouses).values(values).returning();
        await recordAudit(tx, actor, { entity: 'warehouse', entityId: created!.id, action: 'create', after: created });
        return created!.id;
      }
      const [before] = await tx.select().from(warehouses).where(eq(warehouses.id, id)).for('update');
      const [after] = await tx.update(warehouses).set(values).where(eq(warehouses.id, id)).returning();
      await recordAudit(tx, actor, { entity: 'warehouse', entityId: id, action: 'update', before, after });
      return id;
    });
    return getWarehouse(db, savedId);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('VALIDATION_FAILED', 'name', 'duplicate');
    throw error;
  }
}
