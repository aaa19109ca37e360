import { z } from 'zod';
import { pageQuery, paged } from './common/paging.js';
import { queryId } from './common/validation.js';
import { dateRangeFields, endNotBeforeStart } from './common/dates.js';
import { orderStatuses } from './orders.js';

/**
 * /order-history: every status change of the orders in the viewer's scope, newest first. The period is
 * of Tashkent business days (from's start to the end of to), `toStatus` the status moved to, `byId` who
 * moved it, `organizationId` the order's client, `number` the order's number (digits, leading zeros or not).
 */
export const orderHistoryQuery = pageQuery
  .omit({ sort: true, q: true })
  .extend({
    ...dateRangeFields,
    toStatus: z.enum(orderStatuses).optional(),
    byId: queryId().optional(),
    organizationId: queryId().optional(),
    number: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { error: 'invalidOption' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export type OrderHistoryQuery = z.input<typeof orderHistoryQuery>;

/** One status change: who, when, which order (number and client), from → to, why. */
export const orderHistoryEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** null for the order's creation */
  fromStatus: z.enum(orderStatuses).nullable(),
  toStatus: z.enum(orderStatuses),
  byId: z.number().int(),
  byName: z.string(),
  reason: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;
export const orderHistoryList = paged(orderHistoryEntry);
