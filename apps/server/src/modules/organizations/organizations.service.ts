import { and, count, eq, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  hasForbiddenCharacters,
  maxInt32,
  duplicateRadiusM,
  nearbyRadiusM,
  organizationSortFields,
  parseSort,
  searchText,
  type checkDuplicatesBody,
  type DuplicateCandidate,
  duplicateReasons,
  type BlacklistEntry,
  type LatLng,
  type LocalizedText,
  type listOrganizationsQuery,
  type nearbyQuery,
  type NearbyResponse,
  type Organization,
  type OrganizationList,
  type OrganizationTerms,
  type saveOrganizationBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';

import { offsetOf, orderBy } from '../../platform/paging.js';
import { isoInstant, qualified as q } from '../../platform/sql.js';
import { searchCondition, searchRank } from '../../platform/search.js';
import { users } from '../users/users.table.js';
import { regions, districts } from '../regions/regions.table.js';
import { brands } from '../brands/brands.table.js';
import { inTerritory } from '../territories/territories.service.js';
import { organizations, favoriteOrganizations } from './organizations.table.js';
import { organizationBlacklist } from './blacklist.table.js';

export type SaveOrganization = z.output<typeof saveOrganizationBody>;

type ListQuery = z.output<typeof listOrganizationsQuery>;

/** Two names are "the same" for the duplicate warning from this trigram similarity of their search keys. */
export const duplicateNameSimilarity = 0.5;

// ---------------------------------------------------------------- SQL pieces other modules reuse

/** Whether the organization is in the user's favorites. */
const isFavorite = (actor: Actor) =>
  sql<boolean>`exists (select 1 from ${favoriteOrganizations} where ${q(favoriteOrganizations.userId)} = ${actor.id} and ${q(favoriteOrganizations.organizationId)} = ${q(organizations.id)})`;

/** The organizations the actor works with, as a condition on their district column (territory scope). */
export const organizationScope = (actor: Pick<Actor, 'id' | 'scope'>, districtColumn: AnyColumn | SQL = organizations.districtId) =>
  inTerritory(actor, districtColumn);

/** Whether the organization of this id column is on the blacklist now. */
export const organizationBlocked = (organizationId: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from ${organizationBlacklist} where ${q(organizationBlacklist.organizationId)} = ${q(organizationId)} and ${q(organizationBlacklist.unblockedAt)} is null)`;

/** How many organizations name this brand (for the brands list). */
export const organizationCountOfBrand = (brandId: AnyColumn | SQL) =>
  sql<number>`(select count(*)::int from ${organizations} where ${q(organizations.brandId)} = ${q(brandId)})`;

const earthAt = (p: LatLng) => sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`;

const organizationEarth = sql`ll_to_earth(${organizations.lat}, ${organizations.lng})`;

/** Metres from the point, to the decimetre (earthdistance's sphere). */
const distanceFrom = (p: LatLng) => sql<number | null>`round(earth_distance(${organizationEarth}, ${earthAt(p)})::numeric, 1)::float8`;

/** Within `radius` metres of the point: the GiST index on ll_to_earth(lat, lng) answers the box, the distance trims its corners. */
const within = (p: LatLng, radius: number) =>
  sql`earth_box(${earthAt(p)}, ${radius}::float8) @> ${organizationEarth} and earth_distance(${organizationEarth}, ${earthAt(p)}) <= ${radius}::float8`;

// ---------------------------------------------------------------- reading

/*

 * The row of every organization answer. Names and the blacklist entry come from
 * correlated subqueries rather than joins: the lists then plan as one table
 * (planning a seven-way join cost more than running it), and the subqueries run
 * only for the rows of the page.
 */
const regionName = sql<LocalizedText>`(select r.name from ${regions} r where r.id = ${q(organizations.regionId)})`;

const districtName = sql<LocalizedText>`(select d.name from ${districts} d where d.id = ${q(organizations.districtId)})`;

export const brandName = sql<string | null>`(select b.name from ${brands} b where b.id = ${q(organizations.brandId)})`;

const activeBlock = sql<BlacklistEntry | null>`(select json_build_object(
    'reason', b.reason,
    'blockedAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'blockedById', b.created_by,
    'blockedByName', u.full_name)
  from ${organizationBlacklist} b left join ${users} u on u.id = b.created_by
  where b.organization_id = ${q(organizations.id)} and b.unblocked_at is null)`;

function organizationColumns(actor: Actor, point?: LatLng) {
  return {
    id: organizations.id,
    name: organizations.name,
    type: organizations.type,
    regionId: organizations.regionId,
    regionName,
    districtId: organizations.districtId,
    districtName,
    address: organizations.address,
    lat: organizations.lat,
    lng: organizations.lng,
    phone: organizations.phone,
    inn: organizations.inn,
    responsiblePerson: organizations.responsiblePerson,
    responsiblePhone: organizations.responsiblePhone,
    branchName: organizations.branchName,
    legalName: organizations.legalName,
    legalAddress: organizations.legalAddress,
    bankName: organizations.bankName,
    bankAccount: organizations.bankAccount,
    bankMfo: organizations.bankMfo,
    brandId: organizations.brandId,
    brandName,
    deliveryRegionId: organizations.deliveryRegionId,
    deliveryDistrictId: organizations.deliveryDistrictId,
    deliveryAddress: organizations.deliveryAddress,
    deliveryHouse: organizations.deliveryHouse,
    deliveryLat: organizations.deliveryLat,
    deliveryLng: organizations.deliveryLng,
    size: organizations.size,
    creditLimit: organizations.creditLimit,
    creditDays: organizations.creditDays,
    minShelfLifeMonths: organizations.minShelfLifeMonths,
    defaultClientType: organizations.defaultClientType,
    defaultPaymentVariant: organizations.defaultPaymentVariant,
    block: activeBlock,
    favorite: isFavorite(actor),
    distance: point ? distanceFrom(point) : sql<number | null>`null::float8`,
    createdAt: isoInstant(organizations.createdAt),
    updatedAt: isoInstant(organizations.updatedAt),
  };
}

function selectOrganizations(db: Db, actor: Actor, point?: LatLng) {
  return db.select(organizationColumns(actor, point)).from(organizations);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectOrganizations>['execute']>>[number];

function toOrganization(row: Row): Organization {
  return { ...row, blocked: row.block !== null };
}

/** One organization in the actor's territories (404 otherwise). */
export async function getOrganization(db: Db, actor: Actor, id: number, point?: LatLng): Promise<Organization> {
  const [row] = await selectOrganizations(db, actor, point).where(and(eq(organizations.id, id), organizationScope(actor)));
  if (!row) throw notFound();
  return toOrganization(row);
}

/** Refuses (as a field error) an organization the actor cannot see; for doctors and other records hung on one. */
export async function assertOrganizationVisible(db: Tx, actor: Actor, id: number, field = 'organizationId') {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationScope(actor)));
  if (!row) throw fieldError('VALIDATION_FAILED', field, 'invalidOption');
}

/** The organization's id and name when it lies in the actor's territories; 404 otherwise (for a path parameter). */
export async function organizationInScope(db: Db, actor: Actor, id: number): Promise<{ id: number; name: string }> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationScope(actor)));
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------- lists

interface Cursor {
  /** sort field and direction the cursor was made for */
  s: string;
  d: boolean;
  /** the last row's search rank (with a search), sort value and id */
  r?: number;
  v: string | null;
  id: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(after: string, field: string, descending: boolean, ranked: boolean): Cursor {
  try {
    const c = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as Cursor;
    if (
      c.s === field &&
      c.d === descending &&
      Number.isInteger(c.id) &&
      Math.abs(c.id) <= maxInt32 &&
      (c.v === null || (typeof c.v === 'string' && !hasForbiddenCharacters(c.v))) &&
      (ranked ? Number.isInteger(c.r) && Math.abs(c.r!) <= maxInt32 : c.r === undefined)
    )
      return c;
  } catch {
    // fall through
  }
  throw fieldError('VALIDATION_FAILED', 'after', 'invalid');
}

/** Filters shared by the list and its count. */
function listConditions(actor: Actor, query: ListQuery): SQL | undefined {
  return and(
    organizationScope(actor),
    query.type ? inArray(organizations.type, query.type) : undefined,
    query.regionId ? eq(organizations.regionId, query.regionId) : undefined,
    query.districtId ? eq(organizations.districtId, query.districtId) : undefined,
    query.orgSize ? eq(organizations.size, query.orgSize) : undefined,
    query.brandId ? eq(organizations.brandId, query.brandId) : undefined,
    query.blocked === undefined ? undefined : query.blocked ? organizationBlocked(organizations.id) : sql`not ${organizationBlocked(organizations.id)}`,
    query.favorite === undefined ? undefined : query.favorite ? isFavorite(actor) : sql`not ${isFavorite(actor)}`,
    query.q ? searchCondition(organizations.searchKey, query.q) : undefined,
  );
}

/**
 * /references and every organization list: filters, search across scripts,
 * page/size or a keyset cursor (`after`) for infinite scroll, and — given a
 * point — the distance of each row and nearest-first order. A search ranks
 * name matches first (searchRank), then orders by the sort within each rank.
 */
export async function listOrganizations(db: Db, actor: Actor, query: ListQuery): Promise<OrganizationList> {
  const point = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
  const sortable = point ? organizationSortFields : organizationSortFields.filter((f) => f !== 'distance');
  const { field, desc: descending } = parseSort(query.sort, sortable, 'name');
  const sortColumns = {
    name: organizations.name,
    inn: organizations.inn,
    // creation order is id order
    createdAt: organizations.id,
    // the cube distance orders exactly like the great-circle one and lets the GiST index walk nearest first
    distance: point ? sql`(${organizationEarth} <-> ${earthAt(point)})` : organizations.id,
  };
  const rank = query.q ? searchRank(organizations.nameKey, organizations.searchKey, query.q) : undefined;
  const where = listConditions(actor, query);
  let keyset: SQL | undefined;
  if (query.after) {
    if (field === 'distance') throw fieldError('VALIDATION_FAILED', 'after', 'invalid');
    const c = decodeCursor(query.after, field, descending, !!rank);
    const op = sql.raw(descending ? '<' : '>');
    const within = field === 'createdAt' ? sql`${organizations.id} ${op} ${c.id}` : sql`(${sortColumns[field]}, ${organizations.id}) ${op} (${c.v}, ${c.id})`;
    keyset = rank ? sql`(${rank} > ${c.r} or (${rank} = ${c.r} and ${within}))` : within;
  }
  // The page's ids first (an index walk with no per-row work), then the full rows of those ids only:
  // the per-row subqueries never run for rows an offset skips, so page 3,000 costs about what page 1 does.
  const [pageIds, [total]] = await Promise.all([
    db
      .select({ id: organizations.id, rank: rank ?? sql<number>`0` })
      .from(organizations)
      .where(and(where, keyset))
      .orderBy(...(rank ? [rank] : []), ...orderBy(`${descending ? '-' : ''}${field}`, sortColumns, 'name', organizations.id))
      .limit(query.size)
      .offset(query.after ? 0 : offsetOf(query)),
    db.select({ n: count() }).from(organizations).where(where),
  ]);
  const ids = pageIds.map((r) => r.id);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = ids.length
    ? (await selectOrganizations(db, actor, point).where(inArray(organizations.id, ids))).sort((a, b) => position.get(a.id)! - position.get(b.id)!)
    : [];
  const items = rows.map(toOrganization);
  const last = items.at(-1);
  const nextCursor =
    last && items.length === query.size && field !== 'distance'
      ? encodeCursor({
          s: field,
          d: descending,
          ...(rank ? { r: Number(pageIds.at(-1)!.rank) } : {}),
          v: field === 'name' ? last.name : field === 'inn' ? last.inn : null,
          id: last.id,
        })
      : null;
  return { items, total: total?.n ?? 0, page: query.after ? 1 : query.page, size: query.size, nextCursor };
}

/** Organizations within 200 m of a point (spec §9), nearest first; the screen says so when there are none. */
export async function nearbyOrganizations(db: Db, actor: Actor, query: z.output<typeof nearbyQuery>): Promise<NearbyResponse> {
  const point = { lat: query.lat, lng: query.lng };
  const rows = await selectOrganizations(db, actor, point)
    .where(
      and(
        within(point, nearbyRadiusM),
        organizationScope(actor),
        query.type ? inArray(organizations.type, query.type) : undefined,
        query.q ? searchCondition(organizations.searchKey, query.q) : undefined,
      ),
    )
    .orderBy(distanceFrom(point), organizations.id)
    .limit(100);
  return { radius: nearbyRadiusM, items: rows.map(toOrganization) };
}

/**
 * Likely duplicates of an organization about to be saved: the same inn (or, given phones, the same phone), or a
 * similar name (trigram similarity of search keys ≥ 0.5) within 50 m. Every
 * organization is checked, in the actor's territories or not; `visible` says
 * whether the actor may open it.
 */
export async function findDuplicates(db: Db, actor: Actor, input: z.output<typeof checkDuplicatesBody>): Promise<DuplicateCandidate[]> {
  const point = input.lat != null && input.lng != null ? { lat: input.lat, lng: input.lng } : undefined;
  const nameKey = searchText(input.name);
  const sameInn = input.inn ? sql`${organizations.inn} = ${input.inn}` : sql`false`;
  const p = input.phones?.length ? input.phones : null;
  const samePhone = p ? sql`(${organizations.phone} in ${p} or ${organizations.responsiblePhone} in ${p})` : sql`false`;
  const similarNearby = point
    ? sql`(${within(point, duplicateRadiusM)} and similarity(${organizations.nameKey}, ${nameKey}) >= ${duplicateNameSimilarity})`
    : sql`false`;
  const scope = organizationScope(actor);
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      address: organizations.address,
      inn: organizations.inn,
      ...{ sameInn: sql<boolean>`${sameInn}`, samePhone: sql<boolean>`${samePhone}`, similarNearby: sql<boolean>`${similarNearby}` },
      distance: point ? distanceFrom(point) : sql<number | null>`null::float8`,
      blocked: organizationBlocked(organizations.id),
      visible: scope ? sql<boolean>`(${scope})` : sql<boolean>`true`,
    })
    .from(organizations)
    .where(and(or(sameInn, samePhone, similarNearby), input.excludeId ? ne(organizations.id, input.excludeId) : undefined))
    .orderBy(sql`${organizations.id} desc`)
    .limit(20);
  return rows.map(({ sameInn: inn, samePhone: phone, similarNearby: near, ...r }) => ({
    ...r,
    reasons: duplicateReasons.filter((reason) => ({ inn, phone, nameNearby: near })[reason]),
  }));
}

// ---------------------------------------------------------------- writing

/**
 * The guard orders and visits call before creating anything for an
 * organization: it must exist (and, given an actor, be in their territories —
 * else 404) and must not be blacklisted — else 409 ORGANIZATION_BLOCKED,
 * "The organization “…” is blacklisted: new orders and visits are not accepted
 * for it." Call it inside the transaction that writes the order or visit: it
 * takes a share lock on the organization row, so a blocking that runs at the
 * same moment waits for that transaction (and the other way round).
 * Returns the organization's client terms.
 */
export async function assertOrganizationOpen(db: Tx, organizationId: number, options: { actor?: Actor } = {}): Promise<OrganizationTerms> {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      regionId: organizations.regionId,
      districtId: organizations.districtId,
      deliveryAddress: organizations.deliveryAddress,
      creditLimit: organizations.creditLimit,
      creditDays: organizations.creditDays,
      minShelfLifeMonths: organizations.minShelfLifeMonths,
      defaultClientType: organizations.defaultClientType,
      defaultPaymentVariant: organizations.defaultPaymentVariant,
    })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), options.actor ? organizationScope(options.actor) : undefined))
    .for('share');
  if (!row) throw notFound();
  const [block] = await db
    .select({ reason: organizationBlacklist.reason })
    .from(organizationBlacklist)
    .where(and(eq(organizationBlacklist.organizationId, organizationId), isNull(organizationBlacklist.unblockedAt)));
  if (block) throw new AppError('ORGANIZATION_BLOCKED', { params: { name: row.name, reason: block.reason } });
  return row;
}

// ---------------------------------------------------------------- for the geocoder

/** The actor's organizations with a map point whose name or address matches: the address search's own results. */
export async function searchOwnAddresses(db: Db, actor: Actor, q: string, limit = 10) {
  return db
    .select({ id: organizations.id, name: organizations.name, address: organizations.address, lat: organizations.lat, lng: organizations.lng })
    .from(organizations)
    .where(and(searchCondition(organizations.searchKey, q), sql`${organizations.lat} is not null`, organizationScope(actor)))
    .orderBy(organizations.name, organizations.id)
    .limit(limit) as Promise<{ id: number; name: string; address: string; lat: number; lng: number }[]>;
}

/** The actor's organization nearest to a point within `radius` metres, if any. */
export async function nearestOrganization(db: Db, actor: Actor, point: LatLng, radius = duplicateRadiusM) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, address: organizations.address, distance: distanceFrom(point) })
    .from(organizations)
    .where(and(within(point, radius), organizationScope(actor)))
    .orderBy(distanceFrom(point))
    .limit(1);
  return row ? { ...row, distance: row.distance ?? 0 } : null;
}
