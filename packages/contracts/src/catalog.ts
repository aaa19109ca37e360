import { z } from 'zod';
import { localizedText } from './common/localized-text.js';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { barcode } from './common/barcode.js';
import { money } from './pricing.js';
import { latitude, longitude, pointPair } from './maps.js';

/** Units of measure of a product (spec §1: kg, pieces, packages). */
export const unitsOfMeasure = ['package', 'piece', 'kg'] as const;
export type UnitOfMeasure = (typeof unitsOfMeasure)[number];
export const unitOfMeasureSchema = z.enum(unitsOfMeasure);

/** Medication status shown on /status-drugs (spec §4): pending → acquainted | denied. */
export const medicationStatuses = ['pending', 'acquainted', 'denied'] as const;
export type MedicationStatus = (typeof medicationStatuses)[number];
export const medicationStatusSchema = z.enum(medicationStatuses);

/** Countries of origin (ISO 3166-1 alpha-2); labels are `enums:country.<code>`. */
export const countries = [
  'UZ',
  'RU',
  'KZ',
  'BY',
  'UA',
  'IN',
  'PK',
  'BD',
  'CN',
  'KR',
  'JP',
  'TR',
  'IR',
  'JO',
  'EG',
  'IL',
  'DE',
  'FR',
  'IT',
  'ES',
  'GB',
  'IE',
  'CH',
  'AT',
  'BE',
  'NL',
  'DK',
  'SE',
  'FI',
  'PL',
  'CZ',
  'SK',
  'HU',
  'SI',
  'HR',
  'LV',
  'LT',
  'RO',
  'BG',
  'US',
  'CA',
] as const;
export type Country = (typeof countries)[number];
export const countrySchema = z.enum(countries);

const optionalId = recordId().nullable().optional();
const optionalQueryId = queryId().optional();
const queryBool = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

// ---------------------------------------------------------------- producers

export const producer = z.object({
  id: z.number().int(),
  name: z.string(),
  country: countrySchema,
  productCount: z.number().int(),
});
export type Producer = z.infer<typeof producer>;

export const saveProducerBody = z.object({ name: requiredText(160), country: countrySchema });
export type SaveProducerBody = z.infer<typeof saveProducerBody>;

/** Producers for pick-lists and the producers screen: all of them, or those matching q (≥ 4 characters). */
export const listProducersQuery = z.object({
  q: pageQuery.shape.q,
  country: countrySchema.optional(),
});

// ---------------------------------------------------------------- categories

const categoryName = localizedText.extend({
  ru: requiredText(120),
  en: requiredText(120),
  'uz-Latn': requiredText(120),
  'uz-Cyrl': requiredText(120),
});

/** A category, or a subcategory when it has a parent (two levels). */
export const category = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: localizedText,
  productCount: z.number().int(),
});
export type Category = z.infer<typeof category>;

export const saveCategoryBody = z.object({ parentId: optionalId, name: categoryName });
export type SaveCategoryBody = z.infer<typeof saveCategoryBody>;

// ---------------------------------------------------------------- products

/** The heaviest unit the catalog takes, in grams (a 50 kg sack). */
export const maxUnitWeightG = 50_000;

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  producerId: z.number().int(),
  producerName: z.string(),
  country: countrySchema,
  unit: unitOfMeasureSchema,
  /** catalog price per unit, tiyin */
  price: z.number().int().nullable(),
  /** weight of one unit in grams (a delivery's weight); a product sold by the kg weighs 1,000 g a unit */
  weightG: z.number().int().nullable(),
  barcode: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: localizedText.nullable(),
  subcategoryId: z.number().int().nullable(),
  subcategoryName: localizedText.nullable(),
  medicationStatus: medicationStatusSchema,
  medicationStatusNote: z.string().nullable(),
  medicationStatusAt: z.string().nullable(),
  medicationStatusByName: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const saveProductBody = z
  .object({
    name: requiredText(200),
    producerId: recordId(),
    country: countrySchema,
    unit: unitOfMeasureSchema,
    price: money.nullable().optional(),
    weightG: z.preprocess((v) => (v === '' ? null : v), z.number().int().min(1).max(maxUnitWeightG).nullable().optional()),
    barcode: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), barcode.nullable().optional()),
    categoryId: optionalId,
    subcategoryId: optionalId,
    active: z.boolean().default(true),
  })
  .refine((v) => !v.subcategoryId || !!v.categoryId, { path: ['categoryId'], error: 'required' });
export type SaveProductBody = z.infer<typeof saveProductBody>;

export const productSortFields = ['name', 'producerName', 'price', 'createdAt'] as const;

/** The catalog: search (≥ 4 characters, any script; name, producer, barcode), filters, paging. */
export const listProductsQuery = pageQuery.extend({
  producerId: optionalQueryId,
  /** a category or a subcategory */
  categoryId: optionalQueryId,
  country: countrySchema.optional(),
  unit: unitOfMeasureSchema.optional(),
  medicationStatus: medicationStatusSchema.optional(),
  active: queryBool,
});
export type ListProductsQuery = z.input<typeof listProductsQuery>;
export const productList = paged(product);

export const barcodeParam = z.object({ barcode: z.string().trim().min(1).max(32) });

/** /status-drugs: set a medication status; a denial needs a reason. */
export const setMedicationStatusBody = z
  .object({ status: medicationStatusSchema, note: optionalText(500) })
  .refine((v) => v.status !== 'denied' || !!v.note, { path: ['note'], error: 'reasonRequired' });
export type SetMedicationStatusBody = z.infer<typeof setMedicationStatusBody>;

/** Counts per medication status, for the tabs of /status-drugs. */
export const medicationStatusCounts = z.record(medicationStatusSchema, z.number().int());

// ---------------------------------------------------------------- warehouses

export const warehouse = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.number().int().nullable(),
  regionName: localizedText.nullable(),
  address: z.string().nullable(),
  /** the departure point of deliveries (issue 7) */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  active: z.boolean(),
});
export type Warehouse = z.infer<typeof warehouse>;

const optionalCoordinate = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

export const saveWarehouseBody = z
  .object({
    name: requiredText(120),
    regionId: optionalId,
    address: optionalText(255),
    lat: optionalCoordinate(latitude),
    lng: optionalCoordinate(longitude),
    active: z.boolean().default(true),
  })
  .superRefine(pointPair('lat', 'lng'));
export type SaveWarehouseBody = z.infer<typeof saveWarehouseBody>;
