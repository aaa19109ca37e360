import { z } from 'zod';
import { inn } from './common/inn.js';
import { pageQuery, paged } from './common/paging.js';
import { requiredText } from './common/validation.js';

/** Bank details of Uzbekistan: an account is 20 digits, a bank code (MFO) 5 digits. */
export const bankAccount = z
  .string()
  .trim()
  .regex(/^\d{20}$/, { error: 'bankAccountFormat' });
export const bankMfo = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { error: 'mfoFormat' });

/** Brand or counterparty (spec §3); every field is required (spec §5). */
export const saveBrandBody = z.object({
  name: requiredText(200),
  inn,
  legalName: requiredText(300),
  legalAddress: requiredText(300),
  bankName: requiredText(200),
  bankAccount,
  mfo: bankMfo,
  deliveryAddress: requiredText(300),
});
export type SaveBrandBody = z.infer<typeof saveBrandBody>;

export const brand = z.object({
  id: z.number().int(),
  name: z.string(),
  inn: z.string(),
  legalName: z.string(),
  legalAddress: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  mfo: z.string(),
  deliveryAddress: z.string(),
  /** organizations (pharmacies of the chain …) under this brand */
  organizationCount: z.number().int(),
  createdAt: z.string(),
});
export type Brand = z.infer<typeof brand>;

export const brandSortFields = ['name', 'inn', 'createdAt'] as const;
/** GET /api/brands: q (≥ 4 characters, any script) searches name, legal name, inn, bank, addresses. */
export const listBrandsQuery = pageQuery;
export const brandList = paged(brand);

export const brandOption = z.object({ id: z.number().int(), name: z.string(), inn: z.string() });
export type BrandOption = z.infer<typeof brandOption>;
