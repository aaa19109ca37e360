import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, check } from 'drizzle-orm/pg-core';
import type { ReservationCloseReason, ReservationDocumentType, ReservationStatus } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { batches } from './stock.table.js';

/**
 * One reserved quantity of one batch for one document (order, visit, manual
 * hold). A reservation across several batches is several rows with the same
 * document. Rows are never deleted: they are closed (released or consumed),
 * which keeps every reservation and release traceable to its document.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status').$type<ReservationStatus>().notNull().default('active'),
    documentType: text('document_type').$type<ReservationDocumentType>().notNull(),
    documentId: text('document_id').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** a hold releases itself after this instant */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason').$type<ReservationCloseReason>(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reservations_document_idx').on(t.documentType, t.documentId),
    index('reservations_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active' and ${t.expiresAt} is not null`),
    index('reservations_created_by_idx').on(t.createdBy, t.createdAt),
    index('reservations_created_idx').on(t.createdAt, t.id),
    index('reservations_batch_idx').on(t.batchId),
    check('reservations_quantity_check', sql`${t.quantity} > 0`),
    check('reservations_status_check', sql`${t.status} in ('active', 'released', 'consumed')`),
    check('reservations_document_type_check', sql`${t.documentType} in ('order', 'visit', 'manual')`),
    check('reservations_closed_check', sql`(${t.status} = 'active') = (${t.closedAt} is null)`),
  ],
);
