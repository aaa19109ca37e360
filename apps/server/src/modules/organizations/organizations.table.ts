import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, bigint, doublePrecision, timestamp, index, primaryKey, check } from 'drizzle-orm/pg-core';
import type { ClientType, OrganizationSize, OrganizationType, PaymentVariant } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { regions, districts } from '../regions/regions.table.js';
import { brands } from '../brands/brands.table.js';

/** Organization (spec §3): a pharmacy, wholesaler, hospital or healthcare facility the distributor works with. */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<OrganizationType>().notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'no action' }),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'no action' }),
    address: text('address').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    phone: text('phone').notNull(),
    inn: text('inn').notNull(),
    responsiblePerson: text('responsible_person').notNull(),
    responsiblePhone: text('responsible_phone'),
    branchName: text('branch_name'),
    legalName: text('legal_name'),
    legalAddress: text('legal_address'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    bankMfo: text('bank_mfo'),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'no action' }),
    deliveryRegionId: integer('delivery_region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'no action' }),
    deliveryDistrictId: integer('delivery_district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'no action' }),
    deliveryAddress: text('delivery_address').notNull(),
    /** the delivery's house number, apart from the street (spec §3) */
    deliveryHouse: text('delivery_house'),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    size: text('size').$type<OrganizationSize>(),
    /** client terms read by orders: credit limit in tiyin and days, minimum shelf life, defaults */
    creditLimit: bigint('credit_limit', { mode: 'number' }),
    creditDays: integer('credit_days'),
    minShelfLifeMonths: integer('min_shelf_life_months'),
    defaultClientType: text('default_client_type').$type<ClientType>(),
    defaultPaymentVariant: text('default_payment_variant').$type<PaymentVariant>(),
    /** searchText() of name, legal name, brand, branch, inn, phones, address, responsible person (decision 028) */
    searchKey: text('search_key').notNull(),
    /** searchText() of the name alone: search ranks name matches first; likely duplicates are similar names close by */
    nameKey: text('name_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizations_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    // nearby search: earth_box(ll_to_earth(point), r) @> ll_to_earth(lat, lng), and KNN (<->) ordering
    index('organizations_earth_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lng})`),
    index('organizations_name_idx').on(t.name, t.id),
    index('organizations_inn_idx').on(t.inn),
    index('organizations_district_idx').on(t.districtId, t.id),
    index('organizations_region_idx').on(t.regionId),
    index('organizations_brand_idx').on(t.brandId),
    check('organizations_type_check', sql`${t.type} in ('pharmacy', 'wholesaler', 'hospital', 'healthcare')`),
    check('organizations_size_check', sql`${t.size} in ('small', 'medium', 'large')`),
    check('organizations_inn_format', sql`${t.inn} ~ '^[0-9]{9}$'`),
    check('organizations_point_pair', sql`(${t.lat} is null) = (${t.lng} is null)`),
    check('organizations_delivery_point_pair', sql`(${t.deliveryLat} is null) = (${t.deliveryLng} is null)`),
    check('organizations_credit_check', sql`${t.creditLimit} >= 0 and ${t.creditDays} >= 0 and ${t.minShelfLifeMonths} >= 0`),
    check('organizations_client_type_check', sql`${t.defaultClientType} in ('wholesale', 'retail')`),
    check('organizations_payment_variant_check', sql`${t.defaultPaymentVariant} in ('cash', 'bankTransfer', 'card', 'deferred')`),
  ],
);

/** Favorite pharmacies (organizations) of each user (/favorite-pharmacies). */
export const favoriteOrganizations = pgTable(
  'favorite_organizations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index('favorite_organizations_org_idx').on(t.organizationId)],
);
