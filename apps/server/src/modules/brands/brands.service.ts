import { count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Brand, BrandOption, Paged, SaveBrandBody } from '@pharma/contracts';
import { type listBrandsQuery, type brandSortFields, searchText } from '@pharma/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { offsetOf, orderBy } from '../../platform/paging.js';
import { isoInstant, pgErrorCode } from '../../platform/sql.js';
import { searchCondition, writeSearchKeys } from '../../platform/search.js';
import { organizationCountOfBrand } from '../organizations/organizations.service.js';
import { refreshOrganizationSearchKeys } from '../organizations/organization-writes.service.js';
import { brands } from './brands.table.js';

const brandColumns = {
  id: brands.id,
  name: brands.name,
  inn: brands.inn,
  legalName: brands.legalName,
  legalAddress: brands.legalAddress,
  bankName: brands.bankName,
  bankAccount: brands.bankAccount,
  mfo: brands.mfo,
  deliveryAddress: brands.deliveryAddress,
  organizationCount: organizationCountOfBrand(brands.id),
  createdAt: isoInstant(brands.createdAt),
};

/** The search key of a brand (also used by the demo seed). */
export const brandSearchKey = (b: Pick<SaveBrandBody, 'name' | 'legalName' | 'inn' | 'bankName' | 'legalAddress' | 'deliveryAddress'>) =>
  searchText(b.name, b.legalName, b.inn, b.bankName, b.legalAddress, b.deliveryAddress);

/** Recomputes the search keys a migration emptied because their form changed (at start-up). */
export async function refreshStaleBrandSearchKeys(db: Db) {
  const rows = await db.select().from(brands).where(eq(brands.searchKey, ''));
  await writeSearchKeys(
    db,
    'brands',
    rows.map((b) => ({ id: b.id, search_key: brandSearchKey(b) })),
  );
}

const sortColumns: Record<(typeof brandSortFields)[number], SQL | AnyColumn> = {
  name: brands.name,
  inn: brands.inn,
  createdAt: sql`${brands.id}`,
};

/** Brands and counterparties are company-wide: everyone who sees organizations sees them. */
export async function listBrands(db: Db, _actor: Actor, query: z.output<typeof listBrandsQuery>): Promise<Paged<Brand>> {
  const where = query.q ? searchCondition(brands.searchKey, query.q) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(brandColumns)
      .from(brands)
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, 'name', brands.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return { items, total: total?.n ?? 0, page: query.page, size: query.size };
}

/** Every brand, for pick-lists (the organization form). */
export async function brandOptions(db: Db): Promise<BrandOption[]> {
  return db.select({ id: brands.id, name: brands.name, inn: brands.inn }).from(brands).orderBy(brands.name, brands.id).limit(2000);
}

export async function getBrand(db: Db, id: number): Promise<Brand> {
  const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, id));
  if (!row) throw notFound();
  return row;
}

function conflict(error: unknown): never {
  if (pgErrorCode(error) === '23505') throw fieldError('BRAND_INN_TAKEN', 'inn', 'invalid');
  throw error;
}

export async function createBrand(db: Db, actor: Actor, input: SaveBrandBody): Promise<Brand> {
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(brands)
        .values({ ...input, searchKey: brandSearchKey(input), createdBy: actor.id })
        .returning();
      await recordAudit(tx, actor, { entity: 'brand', entityId: created!.id, action: 'create', after: created });
      return created!.id;
    });
    return getBrand(db, id);
  } catch (error) {
    return conflict(error);
  }
}

export async function updateBrand(db: Db, actor: Actor, id: number, input: SaveBrandBody): Promise<Brand> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(brands)
        .set({ ...input, searchKey: brandSearchKey(input), updatedAt: new Date() })
        .where(eq(brands.id, id))
        .returning();
      // organizations are found by their brand's name too
      if (before.name !== input.name) await refreshOrganizationSearchKeys(tx, { brandId: id });
      await recordAudit(tx, actor, { entity: 'brand', entityId: id, action: 'update', before, after });
    });
  } catch (error) {
    return conflict(error);
  }
  return getBrand(db, id);
}

/** A brand still named by organizations cannot be deleted (409 IN_USE). */
export async function deleteBrand(db: Db, actor: Actor, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(brands).where(eq(brands.id, id)).returning();
      if (!before) throw notFound();
      await recordAudit(tx, actor, { entity: 'brand', entityId: id, action: 'delete', before });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw new AppError('IN_USE');
    throw error;
  }
}
