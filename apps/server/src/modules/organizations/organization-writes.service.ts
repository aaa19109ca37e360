import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { searchText, type Organization, type saveDeliveryAddressBody, type saveLocationBody } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';

import { pgErrorCode } from '../../platform/sql.js';
import { writeSearchKeys } from '../../platform/search.js';

import { brands } from '../brands/brands.table.js';
import { assertDistrictInRegion, assertInTerritory } from '../territories/territories.service.js';
import { organizations, favoriteOrganizations } from './organizations.table.js';

import { type SaveOrganization, brandName, getOrganization, findDuplicates } from './organizations.service.js';

/** Creating, editing, locating, deleting and favouring organizations; their search keys. */
/** The search keys of an organization (also used by the demo seed). */
export function organizationSearchKeys(
  o: {
    name: string;
    legalName?: string | null;
    branchName?: string | null;
    inn: string;
    phone: string;
    responsiblePhone?: string | null;
    address: string;
    responsiblePerson: string;
  },
  brandName: string | null | undefined,
) {
  return {
    searchKey: searchText(o.name, o.legalName, brandName, o.branchName, o.inn, o.phone, o.responsiblePhone, o.address, o.responsiblePerson),
    nameKey: searchText(o.name),
  };
}

async function brandNameOf(db: Tx, brandId: number | null | undefined): Promise<string | null> {
  if (!brandId) return null;
  const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  if (!row) throw fieldError('VALIDATION_FAILED', 'brandId', 'invalidOption');
  return row.name;
}

/** Region and district match and lie in the actor's territories; the delivery region and district default to them. */
async function checkPlaces(
  db: Db,
  actor: Actor,
  input: { regionId: number; districtId: number; deliveryRegionId?: number | null; deliveryDistrictId?: number | null },
) {
  await assertDistrictInRegion(db, input.regionId, input.districtId);
  await assertInTerritory(db, actor, input.districtId);
  return checkDelivery(db, input, { regionId: input.regionId, districtId: input.districtId });
}

async function checkDelivery(
  db: Db,
  input: { deliveryRegionId?: number | null; deliveryDistrictId?: number | null },
  own: { regionId: number; districtId: number },
) {
  if (!input.deliveryRegionId && !input.deliveryDistrictId) return { deliveryRegionId: own.regionId, deliveryDistrictId: own.districtId };
  if (!input.deliveryDistrictId) throw fieldError('VALIDATION_FAILED', 'deliveryDistrictId', 'required');
  if (!input.deliveryRegionId) throw fieldError('VALIDATION_FAILED', 'deliveryRegionId', 'required');
  await assertDistrictInRegion(db, input.deliveryRegionId, input.deliveryDistrictId, 'deliveryDistrictId');
  return { deliveryRegionId: input.deliveryRegionId, deliveryDistrictId: input.deliveryDistrictId };
}

function rowValues(input: SaveOrganization) {
  const { confirmDuplicate: _confirm, ...fields } = input;
  return {
    ...fields,
    lat: fields.lat ?? null,
    lng: fields.lng ?? null,
    deliveryHouse: fields.deliveryHouse ?? null,
    deliveryLat: fields.deliveryLat ?? null,
    deliveryLng: fields.deliveryLng ?? null,
    responsiblePhone: fields.responsiblePhone ?? null,
    branchName: fields.branchName ?? null,
    legalName: fields.legalName ?? null,
    legalAddress: fields.legalAddress ?? null,
    bankName: fields.bankName ?? null,
    bankAccount: fields.bankAccount ?? null,
    bankMfo: fields.bankMfo ?? null,
    brandId: fields.brandId ?? null,
    size: fields.size ?? null,
    creditLimit: fields.creditLimit ?? null,
    creditDays: fields.creditDays ?? null,
    minShelfLifeMonths: fields.minShelfLifeMonths ?? null,
    defaultClientType: fields.defaultClientType ?? null,
    defaultPaymentVariant: fields.defaultPaymentVariant ?? null,
  };
}

async function refuseLikelyDuplicates(db: Db, actor: Actor, input: SaveOrganization, excludeId?: number) {
  if (input.confirmDuplicate) return;
  const found = await findDuplicates(db, actor, { name: input.name, inn: input.inn, lat: input.lat, lng: input.lng, excludeId });
  if (found.length > 0) throw new AppError('LIKELY_DUPLICATE');
}

/** 'Organization successfully added': 201 with the organization. */
export async function createOrganization(db: Db, actor: Actor, input: SaveOrganization): Promise<Organization> {
  const delivery = await checkPlaces(db, actor, input);
  const brandName = await brandNameOf(db, input.brandId);
  await refuseLikelyDuplicates(db, actor, input);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(organizations)
      .values({ ...rowValues(input), ...delivery, ...organizationSearchKeys(input, brandName), createdBy: actor.id })
      .returning();
    await recordAudit(tx, actor, { entity: 'organization', entityId: created!.id, action: 'create', after: withoutKeys(created!) });
    return created!.id;
  });
  return getOrganization(db, actor, id);
}

const withoutKeys = <T extends { searchKey?: string; nameKey?: string }>(row: T) => {
  const { searchKey: _s, nameKey: _n, ...rest } = row;
  return rest;
};

export async function updateOrganization(db: Db, actor: Actor, id: number, input: SaveOrganization): Promise<Organization> {
  const current = await getOrganization(db, actor, id);
  const delivery = await checkPlaces(db, actor, input);
  const brandName = await brandNameOf(db, input.brandId);
  // an unchanged name, inn and point raise no new duplicate warning
  if (current.name !== input.name || current.inn !== input.inn || current.lat !== (input.lat ?? null) || current.lng !== (input.lng ?? null)) {
    await refuseLikelyDuplicates(db, actor, input, id);
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
    const [after] = await tx
      .update(organizations)
      .set({ ...rowValues(input), ...delivery, ...organizationSearchKeys(input, brandName), updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning();
    await recordAudit(tx, actor, { entity: 'organization', entityId: id, action: 'update', before: withoutKeys(before!), after: withoutKeys(after!) });
  });
  return getOrganization(db, actor, id);
}

/** Changes part of an organization (its place, or its delivery address) and keeps the search key current. */
async function patchOrganization(db: Db, actor: Actor, id: number, patch: Partial<typeof organizations.$inferInsert>) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
    if (!before) throw notFound();
    const merged = { ...before, ...patch };
    const brandName = await brandNameOf(tx, merged.brandId);
    const [after] = await tx
      .update(organizations)
      .set({ ...patch, ...organizationSearchKeys(merged, brandName), updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning();
    await recordAudit(tx, actor, { entity: 'organization', entityId: id, action: 'update', before: withoutKeys(before), after: withoutKeys(after!) });
  });
  return getOrganization(db, actor, id);
}

/** /add-address: the organization's region, district, address and map point. */
export async function saveLocation(db: Db, actor: Actor, id: number, input: z.output<typeof saveLocationBody>) {
  await getOrganization(db, actor, id);
  await assertDistrictInRegion(db, input.regionId, input.districtId);
  await assertInTerritory(db, actor, input.districtId);
  return patchOrganization(db, actor, id, {
    regionId: input.regionId,
    districtId: input.districtId,
    address: input.address,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
  });
}

/** /add-delivery-address: where the organization's orders are delivered. */
export async function saveDeliveryAddress(db: Db, actor: Actor, id: number, input: z.output<typeof saveDeliveryAddressBody>) {
  const current = await getOrganization(db, actor, id);
  const delivery = await checkDelivery(db, input, current);
  return patchOrganization(db, actor, id, {
    ...delivery,
    deliveryAddress: input.deliveryAddress,
    deliveryHouse: input.deliveryHouse ?? null,
    deliveryLat: input.deliveryLat ?? null,
    deliveryLng: input.deliveryLng ?? null,
  });
}

/** Deletes an organization nothing refers to (doctors, orders, visits → 409 IN_USE). */
export async function deleteOrganization(db: Db, actor: Actor, id: number): Promise<void> {
  await getOrganization(db, actor, id);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(organizations).where(eq(organizations.id, id)).returning();
      await recordAudit(tx, actor, { entity: 'organization', entityId: id, action: 'delete', before: withoutKeys(before!) });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw new AppError('IN_USE');
    throw error;
  }
}

/**
 * Recomputes search keys after something they include changed elsewhere (a brand renamed), or
 * those a migration emptied because their form changed ('stale'; at start-up), 1,000 at a time.
 */
export async function refreshOrganizationSearchKeys(db: Tx, where: { brandId: number } | 'stale') {
  const condition = where === 'stale' ? eq(organizations.searchKey, '') : eq(organizations.brandId, where.brandId);
  for (let lastId = 0; ;) {
    const rows = await db
      .select({ ...getTableColumns(organizations), brandName })
      .from(organizations)
      .where(and(condition, sql`${organizations.id} > ${lastId}`))
      .orderBy(organizations.id)
      .limit(1_000);
    if (!rows.length) return;
    const keys = rows.map((row) => organizationSearchKeys(row, row.brandName));
    await writeSearchKeys(
      db,
      'organizations',
      rows.map((row, i) => ({ id: row.id, search_key: keys[i]!.searchKey, name_key: keys[i]!.nameKey })),
    );
    lastId = rows.at(-1)!.id;
  }
}

// ---------------------------------------------------------------- favorites

/** Adds to or removes from the actor's favorite pharmacies (organizations); idempotent. */
export async function setFavoriteOrganization(db: Db, actor: Actor, id: number, favorite: boolean): Promise<void> {
  await getOrganization(db, actor, id);
  if (favorite) {
    await db.insert(favoriteOrganizations).values({ userId: actor.id, organizationId: id }).onConflictDoNothing();
  } else {
    await db.delete(favoriteOrganizations).where(and(eq(favoriteOrganizations.userId, actor.id), eq(favoriteOrganizations.organizationId, id)));
  }
}

// ---------------------------------------------------------------- for orders and visits
