import { z } from 'zod';
import { localizedText } from './common/localized-text.js';
import { inn } from './common/inn.js';
import { phone } from './common/phone.js';
import { pageQuery, paged, searchQuery } from './common/paging.js';
import { int64, optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { bankAccount, bankMfo } from './brands.js';
import { latitude, longitude, pointPair, pointQuery } from './maps.js';
import { clientTypes } from './pricing.js';

/** Organization types (spec §3): pharmacy, wholesaler, hospital, healthcare or medical facility. */
export const organizationTypes = ['pharmacy', 'wholesaler', 'hospital', 'healthcare'] as const;
export type OrganizationType = (typeof organizationTypes)[number];
export const organizationTypeSchema = z.enum(organizationTypes);
/** What /point-visit searches: pharmacies and healthcare facilities (hospitals included). */
export const pointVisitTypes: readonly OrganizationType[] = ['pharmacy', 'hospital', 'healthcare'];

/** Organization size (spec §3). */
export const organizationSizes = ['small', 'medium', 'large'] as const;
export type OrganizationSize = (typeof organizationSizes)[number];

/** Client types (spec §9): wholesale, retail. The orders issue uses them as the order's client type. */

/** How a client pays for an order; kept on the organization as its default. */
export const paymentVariants = ['cash', 'bankTransfer', 'card', 'deferred'] as const;
export type PaymentVariant = (typeof paymentVariants)[number];

const nullable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());
const optionalId = nullable(recordId());
const requiredId = recordId();

/** Where the organization is (/add-address). */
const locationFields = {
  regionId: requiredId,
  districtId: requiredId,
  address: requiredText(300),
  lat: nullable(latitude),
  lng: nullable(longitude),
};

/** Where its orders are delivered (/add-delivery-address); region and district default to the organization's own. */
const deliveryFields = {
  deliveryRegionId: optionalId,
  deliveryDistrictId: optionalId,
  /** the street (and place); required (spec §5: a delivery address must be entered) */
  deliveryAddress: requiredText(300),
  /** the house number, its own field (spec §3: delivery house number) */
  deliveryHouse: optionalText(20),
  deliveryLat: nullable(latitude),
  deliveryLng: nullable(longitude),
};

/** Client terms the orders issue reads: credit limit, minimum shelf life, defaults of a new order. */
const clientTermsFields = {
  /** credit limit in tiyin (1 sum = 100 tiyin); null = no credit */
  creditLimit: nullable(int64(0, Number.MAX_SAFE_INTEGER)),
  /** days of deferred payment allowed */
  creditDays: nullable(z.number().int().min(0).max(365)),
  /** the least remaining shelf life, in months, of the goods the client accepts */
  minShelfLifeMonths: nullable(z.number().int().min(0).max(60)),
  defaultClientType: nullable(z.enum(clientTypes)),
  defaultPaymentVariant: nullable(z.enum(paymentVariants)),
};

/**
 * Organization (spec §3) with the rules of spec §5: name, type, region,
 * district, address, phone (valid), inn (9 digits), responsible person and the
 * delivery address are required.
 */
export const organizationFields = {
  name: requiredText(200),
  type: organizationTypeSchema,
  ...locationFields,
  phone,
  inn,
  responsiblePerson: requiredText(120),
  responsiblePhone: nullable(phone),
  branchName: optionalText(200),
  legalName: optionalText(300),
  legalAddress: optionalText(300),
  bankName: optionalText(200),
  bankAccount: nullable(bankAccount),
  bankMfo: nullable(bankMfo),
  brandId: optionalId,
  ...deliveryFields,
  size: nullable(z.enum(organizationSizes)),
  ...clientTermsFields,
  /**
   * Save even though likely duplicates exist (same inn, or a similar name within
   * 50 m): the screen shows POST /api/organizations/check-duplicates first and
   * sends true once the user has seen them. Without it such a save answers 409 LIKELY_DUPLICATE.
   */
  confirmDuplicate: z.boolean().optional(),
};

export const saveOrganizationBody = z.object(organizationFields).superRefine(pointPair('lat', 'lng')).superRefine(pointPair('deliveryLat', 'deliveryLng'));
export type SaveOrganizationBody = z.input<typeof saveOrganizationBody>;

/** PUT /api/organizations/:id/location (/add-address). */
export const saveLocationBody = z.object(locationFields).superRefine(pointPair('lat', 'lng'));
export type SaveLocationBody = z.input<typeof saveLocationBody>;

/** PUT /api/organizations/:id/delivery-address (/add-delivery-address). */
export const saveDeliveryAddressBody = z.object(deliveryFields).superRefine(pointPair('deliveryLat', 'deliveryLng'));
export type SaveDeliveryAddressBody = z.input<typeof saveDeliveryAddressBody>;

/** The delivery address as one line: the street, then the house number when it is apart (an order's delivery address). */
export function deliveryAddressLine(o: { deliveryAddress: string; deliveryHouse?: string | null }): string {
  return o.deliveryHouse ? `${o.deliveryAddress}, ${o.deliveryHouse}` : o.deliveryAddress;
}

/** A blacklist entry (spec §3): reason, creator, block date. */
export const blacklistEntry = z.object({
  reason: z.string(),
  blockedAt: z.string(),
  blockedById: z.number().int().nullable(),
  blockedByName: z.string().nullable(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntry>;

export const organization = z.object({
  id: z.number().int(),
  name: z.string(),
  type: organizationTypeSchema,
  regionId: z.number().int(),
  regionName: localizedText,
  districtId: z.number().int(),
  districtName: localizedText,
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  phone: z.string(),
  inn: z.string(),
  responsiblePerson: z.string(),
  responsiblePhone: z.string().nullable(),
  branchName: z.string().nullable(),
  legalName: z.string().nullable(),
  legalAddress: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  bankMfo: z.string().nullable(),
  brandId: z.number().int().nullable(),
  brandName: z.string().nullable(),
  deliveryRegionId: z.number().int(),
  deliveryDistrictId: z.number().int(),
  deliveryAddress: z.string(),
  deliveryHouse: z.string().nullable(),
  deliveryLat: z.number().nullable(),
  deliveryLng: z.number().nullable(),
  size: z.enum(organizationSizes).nullable(),
  creditLimit: z.number().int().nullable(),
  creditDays: z.number().int().nullable(),
  minShelfLifeMonths: z.number().int().nullable(),
  defaultClientType: z.enum(clientTypes).nullable(),
  defaultPaymentVariant: z.enum(paymentVariants).nullable(),
  /** on the blacklist: no new orders or visits; mark it wherever it is shown */
  blocked: z.boolean(),
  block: blacklistEntry.nullable(),
  /** in the signed-in user's favorites */
  favorite: z.boolean(),
  /** metres from the point given as lat/lng in the query; null without a point or coordinates */
  distance: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof organization>;

const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
/** one type or several, comma-separated: ?type=pharmacy,hospital */
const typeList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(organizationTypeSchema).min(1));

/** Sort fields of the organization list; "distance" needs lat and lng. */
export const organizationSortFields = ['name', 'createdAt', 'inn', 'distance'] as const;

/**
 * GET /api/organizations (/references, /favorite-pharmacies, /point-visit):
 * q (≥ 4 characters) finds a name, legal name, brand, inn, phone, address or
 * responsible person in either script; filters; `after` continues an infinite
 * scroll from the previous answer's nextCursor (page is then ignored).
 * With lat and lng every item carries its distance and sort=distance orders by it.
 */
export const listOrganizationsQuery = pageQuery.extend({
  type: typeList.optional(),
  regionId: queryId().optional(),
  districtId: queryId().optional(),
  /** the organization size filter (`size` is the page size) */
  orgSize: z.enum(organizationSizes).optional(),
  blocked: queryBoolean.optional(),
  favorite: queryBoolean.optional(),
  brandId: queryId().optional(),
  lat: pointQuery.shape.lat.optional(),
  lng: pointQuery.shape.lng.optional(),
  after: z.string().max(300).optional(),
});
export type ListOrganizationsQuery = z.input<typeof listOrganizationsQuery>;
export const organizationList = paged(organization).extend({
  /** pass as `after` to get the next rows; null at the end */
  nextCursor: z.string().nullable(),
});
export type OrganizationList = z.infer<typeof organizationList>;

/** GET /api/organizations/nearby: organizations within 200 m of a point (spec §9), nearest first. */
export const nearbyQuery = pointQuery.extend({
  type: typeList.optional(),
  q: searchQuery,
});
export type NearbyQuery = z.input<typeof nearbyQuery>;
export const nearbyResponse = z.object({ radius: z.number(), items: z.array(organization) });
export type NearbyResponse = z.infer<typeof nearbyResponse>;

/** POST /api/organizations/check-duplicates: what the add/edit screen shows before saving. */
export const checkDuplicatesBody = z.object({
  name: requiredText(200),
  inn: inn.optional().or(z.literal('').transform(() => undefined)),
  lat: nullable(latitude),
  lng: nullable(longitude),
  /** phones of the one being saved: the same phone on another is a likely duplicate too (leads, issue 18) */
  phones: z.array(phone).max(10).optional(),
  /** the organization being edited, left out of its own duplicates */
  excludeId: optionalId,
});
export type CheckDuplicatesBody = z.input<typeof checkDuplicatesBody>;

export const duplicateReasons = ['inn', 'phone', 'nameNearby'] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];
export const duplicateCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  type: organizationTypeSchema,
  address: z.string(),
  inn: z.string(),
  reasons: z.array(z.enum(duplicateReasons)),
  /** metres from the given point, when both have coordinates */
  distance: z.number().nullable(),
  blocked: z.boolean(),
  /** whether the user may open it (it is in their territories) */
  visible: z.boolean(),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidate>;
export const duplicatesResponse = z.object({ items: z.array(duplicateCandidate) });

/** POST /api/organizations/:id/block (spec §5: a blocking needs a reason). */
export const blockOrganizationBody = z.object({ reason: requiredText(500) });
export type BlockOrganizationBody = z.infer<typeof blockOrganizationBody>;

/** A row of the blocked organizations screen. */
export const blockedOrganization = blacklistEntry.extend({
  organizationId: z.number().int(),
  name: z.string(),
  type: organizationTypeSchema,
  regionId: z.number().int(),
  districtId: z.number().int(),
  address: z.string(),
  inn: z.string(),
  phone: z.string(),
});
export type BlockedOrganization = z.infer<typeof blockedOrganization>;
export const blockedOrganizationSortFields = ['blockedAt', 'name'] as const;
export const listBlockedQuery = pageQuery.extend({
  type: typeList.optional(),
  regionId: queryId().optional(),
  districtId: queryId().optional(),
});
export const blockedOrganizationList = paged(blockedOrganization);

/** GET /api/organizations/:id/blacklist: every blocking of the organization, newest first. */
export const blacklistHistoryEntry = blacklistEntry.extend({
  id: z.number().int(),
  unblockedAt: z.string().nullable(),
  unblockedByName: z.string().nullable(),
});
export type BlacklistHistoryEntry = z.infer<typeof blacklistHistoryEntry>;

/**
 * What orders and visits read about their organization (the server-side guard
 * assertOrganizationOpen returns it): identity and client terms.
 */
export const organizationTerms = z.object({
  id: z.number().int(),
  name: z.string(),
  type: organizationTypeSchema,
  regionId: z.number().int(),
  districtId: z.number().int(),
  deliveryAddress: z.string(),
  creditLimit: z.number().int().nullable(),
  creditDays: z.number().int().nullable(),
  minShelfLifeMonths: z.number().int().nullable(),
  defaultClientType: z.enum(clientTypes).nullable(),
  defaultPaymentVariant: z.enum(paymentVariants).nullable(),
});
export type OrganizationTerms = z.infer<typeof organizationTerms>;
