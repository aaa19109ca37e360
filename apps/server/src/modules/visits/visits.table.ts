import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, smallint, timestamp, doublePrecision, index, primaryKey, check, jsonb } from 'drizzle-orm/pg-core';
import type { DrugAttitude, MedicationStatus, VisitProofReason, VisitReviewState, VisitStatus } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { doctors } from '../doctors/doctors.table.js';
import { products } from '../catalog/catalog.table.js';

/** A visit of a representative to an organization (spec §3): the plan, then the proof of it. */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'no action' }),
    representativeId: integer('representative_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    status: text('status').$type<VisitStatus>().notNull().default('planned'),
    plannedStart: timestamp('planned_start', { withTimezone: true }).notNull(),
    plannedEnd: timestamp('planned_end', { withTimezone: true }).notNull(),
    comment: text('comment'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    startLat: doublePrecision('start_lat'),
    startLng: doublePrecision('start_lng'),
    startAccuracy: doublePrecision('start_accuracy'),
    startDeviceTime: timestamp('start_device_time', { withTimezone: true }),
    /** when the server got the start: later than started_at when it waited in a phone's queue (issue 16) */
    startReceivedAt: timestamp('start_received_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    endLat: doublePrecision('end_lat'),
    endLng: doublePrecision('end_lng'),
    endAccuracy: doublePrecision('end_accuracy'),
    endDeviceTime: timestamp('end_device_time', { withTimezone: true }),
    completedReceivedAt: timestamp('completed_received_at', { withTimezone: true }),
    distanceM: integer('distance_m'),
    proofScore: integer('proof_score'),
    proofReasons: jsonb('proof_reasons').$type<VisitProofReason[]>().notNull().default([]),
    cancelReason: text('cancel_reason'),
    /** null unless the proof score made the visit questionable: pending until a manager accepts or rejects it */
    review: text('review').$type<VisitReviewState>(),
    reviewComment: text('review_comment'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when its rep was reminded that it starts soon (once; a new start or rep clears it) */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    // a rep's visits in date order, the id breaking ties as every list does; status rides along so a rep's
    // calendar month is read from the index alone
    index('visits_rep_start_idx').on(t.representativeId, t.plannedStart, t.id, t.status),
    // the calendar of a team or of everybody: a month's range of the index, with the rep and status in it
    index('visits_start_idx').on(t.plannedStart, t.representativeId, t.status),
    // an organization's history, newest first
    index('visits_organization_idx').on(t.organizationId, t.plannedStart, t.id),
    // the overdue job: planned visits by end
    index('visits_planned_end_idx')
      .on(t.plannedEnd)
      .where(sql`${t.status} = 'planned'`),
    // the reminder's sweep: planned visits not yet reminded, by start
    index('visits_reminder_idx')
      .on(t.plannedStart)
      .where(sql`${t.status} = 'planned' and ${t.remindedAt} is null`),
    // the questionable-visits queue: few rows, by review state and date
    index('visits_review_idx')
      .on(t.review, t.plannedStart)
      .where(sql`${t.review} is not null`),
    check('visits_end_not_before_start', sql`${t.plannedEnd} >= ${t.plannedStart}`),
    check('visits_status', sql`${t.status} in ('planned', 'in_progress', 'completed', 'cancelled', 'overdue', 'unknown')`),
    check('visits_review', sql`${t.review} in ('pending', 'accepted', 'rejected')`),
  ],
);

/** Doctors planned for or met during a visit; a doctor appears once per visit. */
export const visitDoctors = pgTable(
  'visit_doctors',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'no action' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.doctorId] }), index('visit_doctors_doctor_idx').on(t.doctorId)],
);

/** Drugs discussed with a doctor: the doctor's attitude and the medication status. */
export const visitDrugResults = pgTable(
  'visit_drug_results',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'no action' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'no action' }),
    attitude: text('attitude').$type<DrugAttitude>().notNull(),
    medicationStatus: text('medication_status').$type<MedicationStatus>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.doctorId, t.productId] }), index('visit_drug_results_product_idx').on(t.productId)],
);

/** Remainders counted at the organization during a visit, per product. */
export const visitRemainders = pgTable(
  'visit_remainders',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'no action' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.productId] }),
    index('visit_remainders_product_idx').on(t.productId),
    check('visit_remainders_quantity', sql`${t.quantity} >= 0`),
  ],
);

/** Products the organization wants but we could not reserve now: taken during a visit, one line per product. */
export const visitPreOrders = pgTable(
  'visit_pre_orders',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'no action' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.productId] }),
    index('visit_pre_orders_product_idx').on(t.productId),
    check('visit_pre_orders_quantity', sql`${t.quantity} > 0`),
  ],
);

/** The organization's rating of our service (5 stars per criterion, spec §9), recorded on a completed visit. */
export const visitRatings = pgTable(
  'visit_ratings',
  {
    visitId: integer('visit_id')
      .primaryKey()
      .references(() => visits.id, { onDelete: 'cascade' }),
    efficiency: smallint('efficiency').notNull(),
    operatorPoliteness: smallint('operator_politeness').notNull(),
    deliverySpeed: smallint('delivery_speed').notNull(),
    responseTime: smallint('response_time').notNull(),
    comment: text('comment'),
    ratedBy: integer('rated_by').references(() => users.id, { onDelete: 'set null' }),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'visit_ratings_stars',
      sql`${t.efficiency} between 1 and 5 and ${t.operatorPoliteness} between 1 and 5 and ${t.deliverySpeed} between 1 and 5 and ${t.responseTime} between 1 and 5`,
    ),
  ],
);
