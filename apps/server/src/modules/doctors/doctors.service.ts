import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { doctorFullName, searchKey, searchText, type Doctor, type listDoctorsQuery, type Paged, type SaveDoctorBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { offsetOf, orderBy } from '../../platform/paging.js';
import { isoInstant, pgErrorCode, qualified as q } from '../../platform/sql.js';
import { searchCondition, writeSearchKeys } from '../../platform/search.js';
import { organizations } from '../organizations/organizations.table.js';
import { assertOrganizationVisible, organizationBlocked, organizationScope } from '../organizations/organizations.service.js';
import { doctors, favoriteDoctors } from './doctors.table.js';

const fullNameSql = sql<string>`concat_ws(' ', ${doctors.lastName}, ${doctors.firstName}, ${doctors.middleName})`;

const isFavorite = (actor: Actor) =>
  sql<boolean>`exists (select 1 from ${favoriteDoctors} where ${q(favoriteDoctors.userId)} = ${actor.id} and ${q(favoriteDoctors.doctorId)} = ${q(doctors.id)})`;

/** Doctors follow the scope of their organization (the actor's territories). */
const selectDoctors = (db: Db, actor: Actor) =>
  db
    .select({
      id: doctors.id,
      firstName: doctors.firstName,
      lastName: doctors.lastName,
      middleName: doctors.middleName,
      fullName: fullNameSql,
      phone: doctors.phone,
      position: doctors.position,
      specialization: doctors.specialization,
      organizationId: doctors.organizationId,
      organizationName: organizations.name,
      organizationType: organizations.type,
      organizationBlocked: organizationBlocked(doctors.organizationId),
      favorite: isFavorite(actor),
      createdAt: isoInstant(doctors.createdAt),
    })
    .from(doctors)
    .innerJoin(organizations, eq(organizations.id, doctors.organizationId));

const sortColumns = {
  fullName: fullNameSql,
  specialization: doctors.specialization,
  organizationName: organizations.name,
  createdAt: doctors.id,
};

/** /choose-doctor (?organizationId=), /favorites (?favorite=true) and the doctors list; 'no doctors found' when empty. */
export async function listDoctors(db: Db, actor: Actor, query: z.output<typeof listDoctorsQuery>): Promise<Paged<Doctor>> {
  const where: SQL | undefined = and(
    organizationScope(actor, organizations.districtId),
    query.organizationId ? eq(doctors.organizationId, query.organizationId) : undefined,
    query.specialization ? eq(doctors.specialization, query.specialization) : undefined,
    query.favorite === undefined ? undefined : query.favorite ? isFavorite(actor) : sql`not ${isFavorite(actor)}`,
    query.q ? searchCondition(doctors.searchKey, query.q) : undefined,
  );
  // the page's ids first, then full rows for them only (the per-row subqueries never run for skipped rows)
  const [pageIds, [total]] = await Promise.all([
    db
      .select({ id: doctors.id })
      .from(doctors)
      .innerJoin(organizations, eq(organizations.id, doctors.organizationId))
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, 'fullName', doctors.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(doctors).innerJoin(organizations, eq(organizations.id, doctors.organizationId)).where(where),
  ]);
  const ids = pageIds.map((r) => r.id);
  const position = new Map(ids.map((id, i) => [id, i]));
  const items = ids.length ? (await selectDoctors(db, actor).where(inArray(doctors.id, ids))).sort((a, b) => position.get(a.id)! - position.get(b.id)!) : [];
  return { items, total: total?.n ?? 0, page: query.page, size: query.size };
}

export async function getDoctor(db: Db, actor: Actor, id: number): Promise<Doctor> {
  const [row] = await selectDoctors(db, actor).where(and(eq(doctors.id, id), organizationScope(actor, organizations.districtId)));
  if (!row) throw notFound();
  return row;
}

/** The search keys of a doctor (also used by the demo seed). */
export function doctorSearchKeys(input: Pick<SaveDoctorBody, 'firstName' | 'lastName' | 'middleName' | 'phone' | 'position'>) {
  return {
    searchKey: searchText(doctorFullName(input), input.phone, input.position),
    // the same person: surname and name, whatever the script or the middle name
    nameKey: searchKey(`${input.lastName} ${input.firstName}`),
  };
}

/** Recomputes the search keys a migration emptied because their form changed (at start-up), 1,000 at a time. */
export async function refreshStaleDoctorSearchKeys(db: Db) {
  for (;;) {
    const rows = await db.select().from(doctors).where(eq(doctors.searchKey, '')).orderBy(doctors.id).limit(1_000);
    if (!rows.length) return;
    await writeSearchKeys(
      db,
      'doctors',
      rows.map((d) => ({ id: d.id, search_key: doctorSearchKeys(d).searchKey })),
    );
  }
}

function values(input: SaveDoctorBody) {
  return { ...input, middleName: input.middleName ?? null, position: input.position ?? null, ...doctorSearchKeys(input) };
}

/** The same name and phone in one organization is one doctor (spec §5: a doctor cannot be added twice). */
function conflict(error: unknown): never {
  if (pgErrorCode(error) === '23505') throw new AppError('DOCTOR_ALREADY_ADDED');
  throw error;
}

/** 'Doctor successfully added': 201 with the doctor. */
export async function createDoctor(db: Db, actor: Actor, input: SaveDoctorBody): Promise<Doctor> {
  await assertOrganizationVisible(db, actor, input.organizationId);
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(doctors)
        .values({ ...values(input), createdBy: actor.id })
        .returning();
      await recordAudit(tx, actor, { entity: 'doctor', entityId: created!.id, action: 'create', after: { ...input } });
      return created!.id;
    });
    return getDoctor(db, actor, id);
  } catch (error) {
    return conflict(error);
  }
}

export async function updateDoctor(db: Db, actor: Actor, id: number, input: SaveDoctorBody): Promise<Doctor> {
  await getDoctor(db, actor, id);
  await assertOrganizationVisible(db, actor, input.organizationId);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(doctors).where(eq(doctors.id, id)).for('update');
      await tx
        .update(doctors)
        .set({ ...values(input), updatedAt: new Date() })
        .where(eq(doctors.id, id));
      const { searchKey: _s, nameKey: _n, ...old } = before!;
      await recordAudit(tx, actor, { entity: 'doctor', entityId: id, action: 'update', before: old, after: { ...old, ...input } });
    });
  } catch (error) {
    return conflict(error);
  }
  return getDoctor(db, actor, id);
}

/** Deletes a doctor nothing refers to (visits later → 409 IN_USE). */
export async function deleteDoctor(db: Db, actor: Actor, id: number): Promise<void> {
  await getDoctor(db, actor, id);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(doctors).where(eq(doctors.id, id)).returning();
      const { searchKey: _s, nameKey: _n, ...old } = before!;
      await recordAudit(tx, actor, { entity: 'doctor', entityId: id, action: 'delete', before: old });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw new AppError('IN_USE');
    throw error;
  }
}

/** Adds to or removes from the actor's favorite doctors (/favorites); idempotent. */
export async function setFavoriteDoctor(db: Db, actor: Actor, id: number, favorite: boolean): Promise<void> {
  await getDoctor(db, actor, id);
  if (favorite) await db.insert(favoriteDoctors).values({ userId: actor.id, doctorId: id }).onConflictDoNothing();
  else await db.delete(favoriteDoctors).where(and(eq(favoriteDoctors.userId, actor.id), eq(favoriteDoctors.doctorId, id)));
}
