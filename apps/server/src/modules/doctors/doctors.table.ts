import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, uniqueIndex, primaryKey, check } from 'drizzle-orm/pg-core';
import type { DoctorSpecialization } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';

/** Doctor (spec §3): full name, phone, position, specialization, organization. */
export const doctors = pgTable(
  'doctors',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'no action' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name'),
    phone: text('phone').notNull(),
    position: text('position'),
    specialization: text('specialization').$type<DoctorSpecialization>().notNull(),
    /** searchText() of the full name, phone, position (decision 028) */
    searchKey: text('search_key').notNull(),
    /** searchKey() of surname and name: the same doctor cannot be added twice to one organization */
    nameKey: text('name_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('doctors_same_person_unique').on(t.organizationId, t.nameKey, t.phone),
    index('doctors_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    index('doctors_name_idx').on(t.lastName, t.firstName, t.id),
    check('doctors_phone_format', sql`${t.phone} ~ '^\\+998[0-9]{9}$'`),
  ],
);

/** Favorite doctors of each user (/favorites, /favorite/:id). */
export const favoriteDoctors = pgTable(
  'favorite_doctors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.doctorId] }), index('favorite_doctors_doctor_idx').on(t.doctorId)],
);
