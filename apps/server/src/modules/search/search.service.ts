import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  isOrderNumberQuery,
  searchableKinds,
  searchKinds,
  searchMatches,
  searchMinLength,
  searchText,
  toOrderStatus,
  type GlobalSearchAnswer,
  type LocalizedText,
  type SearchGroup,
  type SearchKind,
  type globalSearchQuery,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';
import { searchCondition, searchRank } from '../../platform/search.js';
import { qualified as q } from '../../platform/sql.js';
import { organizations } from '../organizations/organizations.table.js';
import { organizationScope } from '../organizations/organizations.service.js';
import { districts } from '../regions/regions.table.js';
import { doctors } from '../doctors/doctors.table.js';
import { producers, products } from '../catalog/catalog.table.js';
import { productSearchCondition } from '../catalog/catalog.service.js';
import { orders } from '../orders/orders.table.js';
import { formatOrderNumber } from '../orders/orders.service.js';
import { users } from '../users/users.table.js';

type Query = z.output<typeof globalSearchQuery>;

/** Printed order numbers are at least this wide ("000123"); the sequence may grow past it. */
const orderNumberWidth = 6;
const orderNumberMaxWidth = 12;

/**
 * GET /api/search: every kind asked for (all by default) that the actor may view, each within the
 * actor's data scope, `limit` best hits and the total of each. A query of digits shorter than 4
 * characters is an order's number and searches orders only; any query of digits answers orders first.
 */
export async function globalSearch(db: Db, actor: Actor, query: Query): Promise<GlobalSearchAnswer> {
  const text = query.q;
  const short = text.length < searchMinLength;
  const asked = new Set(query.kinds ?? searchKinds);
  const kinds = searchableKinds(actor.grants).filter((kind) => asked.has(kind) && (!short || kind === 'order'));
  // digits are most likely an order's number: its group comes first
  if (isOrderNumberQuery(text)) kinds.sort((a, b) => Number(b === 'order') - Number(a === 'order'));
  // outside a transaction: the kinds are searched at once
  const groups = await Promise.all(kinds.map((kind) => searchers[kind](db, actor, text, query.limit)));
  return { q: text, groups: groups.filter((g): g is SearchGroup => g !== null) };
}

type Searcher = (db: Db, actor: Actor, text: string, limit: number) => Promise<SearchGroup | null>;

const searchers: Record<SearchKind, Searcher> = {
  organization: searchOrganizations,
  doctor: searchDoctors,
  product: searchProducts,
  order: searchOrders,
  user: searchUsers,
};

/** Organizations of the actor's territories, word-based across scripts (decision 028), name matches first. */
async function searchOrganizations(db: Db, actor: Actor, text: string, limit: number): Promise<SearchGroup> {
  const where = and(organizationScope(actor), searchCondition(organizations.searchKey, text));
  const rank = searchRank(organizations.nameKey, organizations.searchKey, text);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: organizations.id,
        title: organizations.name,
        type: organizations.type,
        districtName: sql<LocalizedText | null>`(select d.name from ${districts} d where d.id = ${q(organizations.districtId)})`,
        address: organizations.address,
        inn: organizations.inn,
      })
      .from(organizations)
      .where(where)
      .orderBy(rank, organizations.name, organizations.id)
      .limit(limit),
    db.select({ n: count() }).from(organizations).where(where),
  ]);
  return { kind: 'organization', total: total?.n ?? 0, items: rows.map((r) => ({ kind: 'organization' as const, ...r })) };
}

/** Doctors of organizations in the actor's territories, by name, phone or position. */
async function searchDoctors(db: Db, actor: Actor, text: string, limit: number): Promise<SearchGroup> {
  const where = and(organizationScope(actor, organizations.districtId), searchCondition(doctors.searchKey, text));
  const fullName = sql<string>`concat_ws(' ', ${doctors.lastName}, ${doctors.firstName}, ${doctors.middleName})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: doctors.id, title: fullName, position: doctors.position, organizationName: organizations.name })
      .from(doctors)
      .innerJoin(organizations, eq(organizations.id, doctors.organizationId))
      .where(where)
      .orderBy(doctors.lastName, doctors.firstName, doctors.id)
      .limit(limit),
    db.select({ n: count() }).from(doctors).innerJoin(organizations, eq(organizations.id, doctors.organizationId)).where(where),
  ]);
  return { kind: 'doctor', total: total?.n ?? 0, items: rows.map((r) => ({ kind: 'doctor' as const, ...r })) };
}

/**
 * Products of the catalog, as the catalog searches them (decision 006: the folded query anywhere in
 * name, producer or barcode — a drug is found by any part of its name); active ones first.
 */
async function searchProducts(db: Db, _actor: Actor, text: string, limit: number): Promise<SearchGroup> {
  const where = productSearchCondition(text);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: products.id, title: products.name, producerName: producers.name, country: products.country, unit: products.unit, active: products.active })
      .from(products)
      .innerJoin(producers, eq(producers.id, products.producerId))
      .where(where)
      .orderBy(desc(products.active), products.name, products.id)
      .limit(limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { kind: 'product', total: total?.n ?? 0, items: rows.map((r) => ({ kind: 'product' as const, ...r })) };
}

/**
 * The orders whose number is the query or begins with it as printed: "123" and "000123" are order
 * 123, "0001" is 000100…000199 (and 123 also begins 123000…123999, 1230000…). Each width is a range
 * of the unique number index. Orders of the actor's scope only (by agent, like GET /api/orders).
 */
export function orderNumberCondition(text: string): SQL | undefined {
  if (!isOrderNumberQuery(text)) return undefined;
  const digits = text.replace(/\s/g, '');
  const n = Number(digits);
  const ranges: SQL[] = [eq(orders.number, n)];
  for (let width = Math.max(orderNumberWidth, digits.length + 1); width <= orderNumberMaxWidth; width++) {
    // wider than printed padding: a printed number has no leading zero there
    if (width > orderNumberWidth && digits.startsWith('0')) break;
    const scale = 10 ** (width - digits.length);
    const low = Math.max(n * scale, width > orderNumberWidth ? 10 ** (width - 1) : 0);
    const high = Math.min((n + 1) * scale, 10 ** width);
    if (low < high) ranges.push(sql`(${orders.number} >= ${low} and ${orders.number} < ${high})`);
  }
  return or(...ranges);
}

async function searchOrders(db: Db, actor: Actor, text: string, limit: number): Promise<SearchGroup | null> {
  const byNumber = orderNumberCondition(text);
  // an order is found by its number; its client's name finds the client among the organizations
  if (!byNumber) return null;
  const where = and(inScope(actor, orders.agentId), byNumber);
  const exact = Number(text.replace(/\s/g, ''));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        date: sql<string>`${orders.date}::text`,
        status: orders.status,
        organizationName: organizations.name,
        sumSale: orders.sumSale,
      })
      .from(orders)
      .innerJoin(organizations, eq(organizations.id, orders.organizationId))
      .where(where)
      .orderBy(sql`(${orders.number} = ${exact}) desc`, desc(orders.number))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    kind: 'order',
    total: total?.n ?? 0,
    items: rows.map(({ number, status, ...r }) => ({ kind: 'order' as const, ...r, title: formatOrderNumber(number), status: toOrderStatus(status) })),
  };
}

/**
 * Users of the actor's scope by name, login, position or phone, word-based across scripts like the
 * rest. Users keep no search_key column (a distributor has hundreds of them, not thousands): their
 * texts are folded here with searchText() and matched by searchMatches(), the rule searchCondition()
 * applies in SQL. Name matches first, then by name.
 */
async function searchUsers(db: Db, actor: Actor, text: string, limit: number): Promise<SearchGroup> {
  const rows = await db
    .select({
      id: users.id,
      title: users.fullName,
      login: users.login,
      role: users.role,
      position: users.position,
      active: users.active,
      phones: users.phones,
    })
    .from(users)
    .where(inScope(actor, users.id))
    .orderBy(asc(users.fullName), asc(users.id));
  const found = rows
    .filter((u) => searchMatches(searchText(u.title, u.login, u.position, ...u.phones), text))
    .map((u) => ({ u, nameFirst: searchMatches(searchText(u.title), text) ? 0 : 1 }))
    .sort((a, b) => a.nameFirst - b.nameFirst);
  return {
    kind: 'user',
    total: found.length,
    items: found.slice(0, limit).map(({ u: { phones: _phones, ...u } }) => ({ kind: 'user' as const, ...u })),
  };
}
