import { z } from 'zod';
import { clientTypeSchema } from './pricing.js';

// ---------------------------------------------------------------- the suggested order: one rule, for the visit screen and /testOrder

/** Units the pharmacy sold between two visits: what it had, plus what we delivered, less what it has now. */
export function sellOut(previousRemainder: number, delivered: number, currentRemainder: number): number {
  return Math.max(0, previousRemainder + delivered - currentRemainder);
}
/** The suggested order covers the same sell-out until the next visit from what is on the shelf now. */
export function suggestedQuantity(sold: number, currentRemainder: number): number {
  return Math.max(0, sold - currentRemainder);
}

/** A product's figures of the suggested order: the remainders of two counts, what we delivered in between, the rule's answer. */
export interface SuggestedFigures {
  productId: number;
  previousRemainder: number;
  delivered: number;
  currentRemainder: number;
  sellOut: number;
  suggestedQuantity: number;
}
/**
 * The suggested order of an organization from two counts of its shelf (product → units) and what we
 * delivered in between: every product counted on either count (0 where it was not counted), its
 * sell-out and suggested quantity by the one rule above (sellOut, suggestedQuantity). The visit screen's
 * suggested order and /testOrder both read it from here.
 */
export function suggestFromCounts(
  previous: ReadonlyMap<number, number>,
  delivered: ReadonlyMap<number, number>,
  current: ReadonlyMap<number, number>,
): SuggestedFigures[] {
  const productIds = [...new Set([...previous.keys(), ...current.keys()])];
  return productIds.map((productId) => {
    const previousRemainder = previous.get(productId) ?? 0;
    const deliveredQty = delivered.get(productId) ?? 0;
    const currentRemainder = current.get(productId) ?? 0;
    const sold = sellOut(previousRemainder, deliveredQty, currentRemainder);
    return {
      productId,
      previousRemainder,
      delivered: deliveredQty,
      currentRemainder,
      sellOut: sold,
      suggestedQuantity: suggestedQuantity(sold, currentRemainder),
    };
  });
}
/**
 * The sell-out per day between two counts `days` apart, for the explanation of the rule: the suggested
 * quantity covers the same days again from the last count (sell-out per day × days − the shelf now).
 */
export const sellOutPerDay = (sold: number, days: number | null): number | null => (days && days > 0 ? sold / days : null);

export const suggestedOrderLine = z.object({
  productId: z.number().int(),
  productName: z.string(),
  /** products of the same name are told apart by their producer (issue 13) */
  producerName: z.string(),
  previousRemainder: z.number().int(),
  delivered: z.number().int(),
  currentRemainder: z.number().int(),
  sellOut: z.number().int(),
  suggestedQuantity: z.number().int(),
  /** free stock that could be reserved now */
  freeStock: z.number().int(),
});
export type SuggestedOrderLine = z.infer<typeof suggestedOrderLine>;

/**
 * GET /api/visits/suggested-order?organizationId= (/testOrder): the suggested order of the organization from
 * its last two completed visits with remainders — the calculator behind the visit's suggested order,
 * shown as a draft that is not saved. `days` is the time between the two counts (the days the
 * suggestion covers again); each line is priced at the batch FEFO would take first for this client.
 */
export const testOrderLine = suggestedOrderLine.extend({
  /** sell-out ÷ days; null without two counts */
  sellOutPerDay: z.number().nullable(),
  /** the sale price of one unit (tiyin) from the first batch FEFO would take; null when none is free */
  price: z.number().int().nullable(),
  /** the suggested quantity at that price (tiyin) */
  sum: z.number().int(),
});
export type TestOrderLine = z.infer<typeof testOrderLine>;
const remainderCount = z.object({ visitId: z.number().int(), countedAt: z.string(), representativeName: z.string() });
export const organizationSuggestedOrder = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  clientType: clientTypeSchema,
  /** the earlier of the two counts; null when the organization was counted once or never */
  previousCount: remainderCount.nullable(),
  /** the last count; null when its remainders were never counted on a completed visit */
  lastCount: remainderCount.nullable(),
  /** days between the two counts (one decimal), null without two */
  days: z.number().nullable(),
  lines: z.array(testOrderLine),
  /** the draft's sum (tiyin) */
  total: z.number().int(),
});
export type OrganizationSuggestedOrder = z.infer<typeof organizationSuggestedOrder>;
