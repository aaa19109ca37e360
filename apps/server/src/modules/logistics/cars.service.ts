import { and, asc, eq } from 'drizzle-orm';
import { formatPlate, type Car, type saveCarBody } from '@pharma/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isUniqueViolation } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { cars } from './logistics.table.js';

const selectCars = (db: Db) =>
  db
    .select({
      id: cars.id,
      plate: cars.plate,
      model: cars.model,
      capacityKg: cars.capacityKg,
      capacityBoxes: cars.capacityBoxes,
      courierId: cars.courierId,
      courierName: users.fullName,
      active: cars.active,
    })
    .from(cars)
    .leftJoin(users, eq(users.id, cars.courierId));

const toCar = (row: Awaited<ReturnType<ReturnType<typeof selectCars>['execute']>>[number]): Car => ({ ...row, plate: formatPlate(row.plate) });

/** GET /api/cars: the whole fleet, active first (a distributor has tens of cars, not thousands). */
export async function listCars(db: Db): Promise<Car[]> {
  const rows = await selectCars(db).orderBy(asc(cars.active), asc(cars.plate));
  return rows.map(toCar).sort((a, b) => Number(b.active) - Number(a.active));
}

export async function getCar(db: Db, id: number): Promise<Car> {
  const [row] = await selectCars(db).where(eq(cars.id, id));
  if (!row) throw notFound();
  return toCar(row);
}

/** POST /api/cars, PUT /api/cars/:id: the plate is unique; the usual courier must be an active courier. */
export async function saveCar(db: Db, actor: Actor, input: z.output<typeof saveCarBody>, id?: number): Promise<Car> {
  if (id) await getCar(db, id);
  if (input.courierId) {
    const [courier] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.courierId), eq(users.role, 'courier'), eq(users.active, true)));
    if (!courier) throw fieldError('VALIDATION_FAILED', 'courierId', 'invalidOption');
  }
  const values = {
    plate: input.plate,
    model: input.model,
    capacityKg: input.capacityKg,
    capacityBoxes: input.capacityBoxes,
    courierId: input.courierId ?? null,
    active: input.active,
  };
  try {
    const savedId = await db.transaction(async (tx) => {
      if (!id) {
        const [created] = await tx.insert(cars).values(values).returning();
        await recordAudit(tx, actor, { entity: 'car', entityId: created!.id, action: 'create', after: created });
        return created!.id;
      }
      const [before] = await tx.select().from(cars).where(eq(cars.id, id)).for('update');
      const [after] = await tx.update(cars).set(values).where(eq(cars.id, id)).returning();
      await recordAudit(tx, actor, { entity: 'car', entityId: id, action: 'update', before, after });
      return id;
    });
    return getCar(db, savedId);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('VALIDATION_FAILED', 'plate', 'duplicate');
    throw error;
  }
}
