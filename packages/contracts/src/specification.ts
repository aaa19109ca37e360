import { z } from 'zod';
import { languages } from './common/languages.js';
import { order, type OrderPosition } from './orders.js';
import { vatIncluded } from './pricing.js';

/**
 * The specification of an order (/print, .xlsx, PDF): the distributor's and the client's details,
 * the positions and the totals, in the language asked for (`?lang=`, else the request's language).
 */
export const specificationQuery = z.object({ lang: z.enum(languages).optional() });
export type SpecificationQuery = z.infer<typeof specificationQuery>;

/** The distributor's own details (server configuration). */
export const distributorDetails = z.object({
  name: z.string(),
  inn: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  bankMfo: z.string(),
});
export type DistributorDetails = z.infer<typeof distributorDetails>;

/** The client's details, from the organization; the contract number from the order. */
export const specificationClient = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  inn: z.string(),
  address: z.string(),
  legalAddress: z.string().nullable(),
  phone: z.string(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  bankMfo: z.string().nullable(),
  contractNumber: z.string().nullable(),
});
export type SpecificationClient = z.infer<typeof specificationClient>;

/**
 * Totals in tiyin: sums of the positions. Each total has its own VAT — the VAT contained in its sums,
 * line by line (`vatIncluded`): `vatInBase` under the base total, `vatInSale` under the sale total.
 */
export const specificationTotals = z.object({
  quantity: z.number().int(),
  sumBaseWithVat: z.number().int(),
  vatInBase: z.number().int(),
  sumSale: z.number().int(),
  vatInSale: z.number().int(),
  prepaymentPercent: z.number(),
  prepaymentAmount: z.number().int(),
});
export type SpecificationTotals = z.infer<typeof specificationTotals>;

export const orderSpecification = z.object({
  order,
  distributor: distributorDetails,
  client: specificationClient,
  totals: specificationTotals,
});
export type OrderSpecification = z.infer<typeof orderSpecification>;

/** The totals of a specification from its order (the order's own totals are the sums of its positions). */
export function specificationTotalsOf(o: {
  positions: readonly OrderPosition[];
  sumBaseWithVat: number;
  sumSale: number;
  prepaymentPercent: number;
  prepaymentAmount: number;
}): SpecificationTotals {
  let quantity = 0;
  let vatInBase = 0;
  let vatInSale = 0;
  for (const p of o.positions) {
    quantity += p.quantity;
    vatInBase += vatIncluded(p.sumBaseWithVat, p.vatPercent);
    vatInSale += vatIncluded(p.sumSale, p.vatPercent);
  }
  return {
    quantity,
    sumBaseWithVat: o.sumBaseWithVat,
    vatInBase,
    sumSale: o.sumSale,
    vatInSale,
    prepaymentPercent: o.prepaymentPercent,
    prepaymentAmount: o.prepaymentAmount,
  };
}
