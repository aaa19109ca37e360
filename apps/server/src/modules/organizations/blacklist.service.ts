import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type BlacklistHistoryEntry,
  type BlockedOrganization,
  type BlockOrganizationBody,
  type listBlockedQuery,
  type Organization,
  type Paged,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { offsetOf, orderBy } from '../../platform/paging.js';
import { isoInstant, pgErrorCode } from '../../platform/sql.js';
import { searchCondition } from '../../platform/search.js';
import { users } from '../users/users.table.js';
import { organizations } from './organizations.table.js';
import { organizationBlacklist } from './blacklist.table.js';
import { getOrganization, organizationScope } from './organizations.service.js';

const creator = alias(users, 'creator');
const unblocker = alias(users, 'unblocker');

/**
 * Puts an organization on the blacklist with a required reason ('Organization
 * successfully blocked'); never twice ('Organization is already blacklisted').
 */
export async function blockOrganization(db: Db, actor: Actor, id: number, input: BlockOrganizationBody): Promise<Organization> {
  await getOrganization(db, actor, id);
  try {
    await db.transaction(async (tx) => {
      // the organization row lock orders this against assertOrganizationOpen in a concurrent order or visit
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).for('update');
      const [active] = await tx
        .select({ id: organizationBlacklist.id })
        .from(organizationBlacklist)
        .where(and(eq(organizationBlacklist.organizationId, id), isNull(organizationBlacklist.unblockedAt)));
      if (active) throw new AppError('ORGANIZATION_ALREADY_BLACKLISTED');
      await tx.insert(organizationBlacklist).values({ organizationId: id, reason: input.reason, createdBy: actor.id });
      await recordAudit(tx, actor, {
        entity: 'organization',
        entityId: id,
        action: 'block',
        before: { blocked: false },
        after: { blocked: true, blockReason: input.reason },
      });
    });
  } catch (error) {
    // the partial unique index is the last word when two blockings race
    if (pgErrorCode(error) === '23505') throw new AppError('ORGANIZATION_ALREADY_BLACKLISTED');
    throw error;
  }
  return getOrganization(db, actor, id);
}

/** Takes an organization off the blacklist (after 'Are you sure you want to unblock the organization?'); the entry stays as history. */
export async function unblockOrganization(db: Db, actor: Actor, id: number): Promise<Organization> {
  await getOrganization(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).for('update');
    const [entry] = await tx
      .update(organizationBlacklist)
      .set({ unblockedAt: new Date(), unblockedBy: actor.id })
      .where(and(eq(organizationBlacklist.organizationId, id), isNull(organizationBlacklist.unblockedAt)))
      .returning();
    if (!entry) throw new AppError('ORGANIZATION_NOT_BLACKLISTED');
    await recordAudit(tx, actor, {
      entity: 'organization',
      entityId: id,
      action: 'unblock',
      before: { blocked: true, blockReason: entry.reason },
      after: { blocked: false },
    });
  });
  return getOrganization(db, actor, id);
}

const sortColumns = { blockedAt: organizationBlacklist.id, name: organizations.name };

/** The blocked organizations screen: organizations on the blacklist now, in the actor's territories. */
export async function listBlocked(db: Db, actor: Actor, query: z.output<typeof listBlockedQuery>): Promise<Paged<BlockedOrganization>> {
  const where: SQL | undefined = and(
    isNull(organizationBlacklist.unblockedAt),
    organizationScope(actor),
    query.type ? inArray(organizations.type, query.type) : undefined,
    query.regionId ? eq(organizations.regionId, query.regionId) : undefined,
    query.districtId ? eq(organizations.districtId, query.districtId) : undefined,
    query.q ? searchCondition(organizations.searchKey, query.q) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        organizationId: organizations.id,
        name: organizations.name,
        type: organizations.type,
        regionId: organizations.regionId,
        districtId: organizations.districtId,
        address: organizations.address,
        inn: organizations.inn,
        phone: organizations.phone,
        reason: organizationBlacklist.reason,
        blockedAt: isoInstant(organizationBlacklist.createdAt),
        blockedById: organizationBlacklist.createdBy,
        blockedByName: creator.fullName,
      })
      .from(organizationBlacklist)
      .innerJoin(organizations, eq(organizations.id, organizationBlacklist.organizationId))
      .leftJoin(creator, eq(creator.id, organizationBlacklist.createdBy))
      .where(where)
      .orderBy(...orderBy(query.sort ?? '-blockedAt', sortColumns, 'blockedAt', organizationBlacklist.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(organizationBlacklist).innerJoin(organizations, eq(organizations.id, organizationBlacklist.organizationId)).where(where),
  ]);
  return { items, total: total?.n ?? 0, page: query.page, size: query.size };
}

/** Every blocking of one organization, newest first. */
export async function blacklistHistory(db: Db, actor: Actor, id: number): Promise<BlacklistHistoryEntry[]> {
  await getOrganization(db, actor, id);
  return db
    .select({
      id: organizationBlacklist.id,
      reason: organizationBlacklist.reason,
      blockedAt: isoInstant(organizationBlacklist.createdAt),
      blockedById: organizationBlacklist.createdBy,
      blockedByName: creator.fullName,
      unblockedAt: isoInstant(organizationBlacklist.unblockedAt),
      unblockedByName: unblocker.fullName,
    })
    .from(organizationBlacklist)
    .leftJoin(creator, eq(creator.id, organizationBlacklist.createdBy))
    .leftJoin(unblocker, eq(unblocker.id, organizationBlacklist.unblockedBy))
    .where(eq(organizationBlacklist.organizationId, id))
    .orderBy(desc(organizationBlacklist.id));
}
