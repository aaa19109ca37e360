import { z } from 'zod';
import { localizedText } from './common/localized-text.js';
import { searchMinLength } from './common/paging.js';
import { queryInt32 } from './common/validation.js';
import { roleSchema, type Permission } from './common/permissions.js';
import { organizationTypeSchema } from './organizations.js';
import { countrySchema, unitOfMeasureSchema } from './catalog.js';
import { orderStatuses } from './orders.js';

/*
 * Global search (/search and the header's Ctrl+K palette): one query over organizations, doctors,
 * products, orders and users, answered in groups by kind. Each kind is searched only when the actor
 * holds the right its own list needs, within the actor's data scope (apps/server/src/modules/search).
 */

/** What global search finds, in the order its groups are answered and shown. */
export const searchKinds = ['organization', 'doctor', 'product', 'order', 'user'] as const;
export type SearchKind = (typeof searchKinds)[number];
export const searchKindSchema = z.enum(searchKinds);

/** The right each kind needs: the one its own list needs (a kind without it is left out of the answer). */
export const searchKindRights: Record<SearchKind, Permission> = {
  organization: 'organizations.view',
  doctor: 'organizations.view',
  product: 'stock.view',
  order: 'orders.view',
  user: 'users.view',
};

/** The kinds a user with these rights searches. */
export const searchableKinds = (grants: readonly string[] | undefined): SearchKind[] =>
  searchKinds.filter((kind) => !!grants && grants.includes(searchKindRights[kind]));

/** Rows per kind: 5 by default (the palette), at most 50 (the page). */
export const searchLimitDefault = 5;
export const searchLimitMax = 50;

/** A query of digits only (spaces allowed): an order's number as printed ("000123") or as remembered ("123"). */
export const isOrderNumberQuery = (q: string) => /^\d[\d\s]{0,13}$/.test(q.trim()) && q.replace(/\s/g, '').length <= 12;

/** one kind or several, comma-separated: ?kinds=organization,order */
const kindList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(searchKindSchema).min(1));

/**
 * GET /api/search. `q` needs at least 4 characters (spec §5, §9) — except a query of digits only,
 * which is an order's number: "123" finds order 000123 even though it is shorter. Such a short
 * query searches orders only (every other kind still needs 4 characters); from 4 digits up a
 * digits query also finds an inn, a phone or a barcode.
 */
export const globalSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .refine((q) => q.length >= searchMinLength || isOrderNumberQuery(q), { error: 'searchMin' }),
  kinds: kindList.optional(),
  limit: queryInt32().min(1).max(searchLimitMax).default(searchLimitDefault),
});
export type GlobalSearchQuery = z.input<typeof globalSearchQuery>;

const base = { id: z.number().int(), title: z.string() };

/** An organization: its type, district and inn say which one it is (/references/:id). */
export const organizationHit = z.object({
  ...base,
  kind: z.literal('organization'),
  type: organizationTypeSchema,
  districtName: localizedText.nullable(),
  address: z.string().nullable(),
  inn: z.string().nullable(),
});
/** A doctor: position and organization (/favorite/:id). */
export const doctorHit = z.object({
  ...base,
  kind: z.literal('doctor'),
  position: z.string().nullable(),
  organizationName: z.string(),
});
/** A product of the catalog: producer, country, unit (/products?product=id). */
export const productHit = z.object({
  ...base,
  kind: z.literal('product'),
  producerName: z.string(),
  country: countrySchema,
  unit: unitOfMeasureSchema,
  active: z.boolean(),
});
/** An order: title is its number as printed ("000123"); client, status, date and sum in tiyin (/orders-item?id=). */
export const orderHit = z.object({
  ...base,
  kind: z.literal('order'),
  date: z.string(),
  status: z.enum(orderStatuses),
  organizationName: z.string(),
  sumSale: z.number().int(),
});
/** A user: login, role, position (/settings/staff?user=id). */
export const userHit = z.object({
  ...base,
  kind: z.literal('user'),
  login: z.string(),
  role: roleSchema,
  position: z.string().nullable(),
  active: z.boolean(),
});

export const searchHit = z.discriminatedUnion('kind', [organizationHit, doctorHit, productHit, orderHit, userHit]);
export type SearchHit = z.infer<typeof searchHit>;

/** The hits of one kind: the first `limit` of them, best first, and how many there are. */
export const searchGroup = z.object({ kind: searchKindSchema, total: z.number().int(), items: z.array(searchHit) });
export type SearchGroup = z.infer<typeof searchGroup>;

/**
 * One group per kind searched, in `searchKinds` order — orders first for a query of digits, most likely an
 * order's number — (a kind the actor may not view is not there at all).
 */
export const globalSearchAnswer = z.object({ q: z.string(), groups: z.array(searchGroup) });
export type GlobalSearchAnswer = z.infer<typeof globalSearchAnswer>;
