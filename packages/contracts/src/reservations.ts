import { z } from 'zod';
import { queryInt32, queryId } from './common/validation.js';
import { pageQuery, paged } from './common/paging.js';
import { maxLineQuantity } from './pricing.js';

/** The document a reservation belongs to: an order, a rep's hold during a visit, or a manual hold. */
export const reservationDocumentTypes = ['order', 'visit', 'manual'] as const;
export type ReservationDocumentType = (typeof reservationDocumentTypes)[number];
export const reservationDocumentTypeSchema = z.enum(reservationDocumentTypes);

/** active → released (cancelled or expired hold) | consumed (shipped). */
export const reservationStatuses = ['active', 'released', 'consumed'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];
export const reservationStatusSchema = z.enum(reservationStatuses);

export const reservationCloseReasons = ['cancelled', 'expired', 'shipped'] as const;
export type ReservationCloseReason = (typeof reservationCloseReasons)[number];

/** Longest hold a rep may place during a visit: one week. */
export const maxHoldMinutes = 7 * 24 * 60;
/** Longest minimum shelf life a client may ask for. */
export const maxMinShelfLifeDays = 3650;

/** How many units one user may hold at once by default (RESERVATION_HOLD_MAX_UNITS; decision 021). */
export const defaultHoldMaxUnits = 1000;

/** What FEFO would take now, without reserving (the add-drugs screens show it). */
export const reservationPlanQuery = z.object({
  productId: queryId(),
  quantity: queryInt32().min(1).max(maxLineQuantity),
  warehouseId: queryId().optional(),
  minShelfLifeDays: queryInt32().min(0).max(maxMinShelfLifeDays).default(0),
});
export const reservationPlan = z.object({
  productId: z.number().int(),
  requested: z.number().int(),
  /** free balance of the qualifying batches */
  available: z.number().int(),
  enough: z.boolean(),
  lines: z.array(
    z.object({
      batchId: z.number().int(),
      warehouseId: z.number().int(),
      series: z.string(),
      expiryDate: z.string(),
      free: z.number().int(),
      quantity: z.number().int(),
    }),
  ),
});
export type ReservationPlan = z.infer<typeof reservationPlan>;

export const reservation = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  series: z.string(),
  expiryDate: z.string(),
  quantity: z.number().int(),
  status: reservationStatusSchema,
  documentType: reservationDocumentTypeSchema,
  documentId: z.string(),
  createdById: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(reservationCloseReasons).nullable(),
});
export type Reservation = z.infer<typeof reservation>;

export const reserveResult = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  documentType: reservationDocumentTypeSchema,
  documentId: z.string(),
  reservations: z.array(reservation),
});
export type ReserveResult = z.infer<typeof reserveResult>;

export const listReservationsQuery = pageQuery.extend({
  status: reservationStatusSchema.optional(),
  productId: queryId().optional(),
  batchId: queryId().optional(),
  documentType: reservationDocumentTypeSchema.optional(),
  documentId: z.string().trim().max(64).optional(),
  createdById: queryId().optional(),
});
export const reservationList = paged(reservation);
