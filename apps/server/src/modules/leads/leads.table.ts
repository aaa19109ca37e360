import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, doublePrecision, timestamp, index, jsonb, check } from 'drizzle-orm/pg-core';
import type { LeadSource, LeadStageKind, LocalizedText, OrganizationType } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { regions, districts } from '../regions/regions.table.js';
import { organizations } from '../organizations/organizations.table.js';

/** The pipeline's stages, the company's own (Settings → Lead stages); one won and one lost stage end it. */
export const leadStages = pgTable(
  'lead_stages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<LeadStageKind>().notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [check('lead_stages_kind_check', sql`${t.kind} in ('open', 'won', 'lost')`)],
);

/** A prospective client (issue 18) until it is converted into an organization. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<OrganizationType>().notNull(),
    contactPerson: text('contact_person'),
    /** normalised +998… numbers */
    phones: text('phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'no action' }),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'no action' }),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    inn: text('inn'),
    source: text('source').$type<LeadSource>().notNull(),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    stageId: integer('stage_id')
      .notNull()
      .references(() => leadStages.id, { onDelete: 'restrict' }),
    lostReason: text('lost_reason'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    /** searchText() of name, contact person, inn, phones and address (decision 028) */
    searchKey: text('search_key').notNull(),
    /** searchText() of the name: a similar name close by is a likely duplicate */
    nameKey: text('name_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_stage_idx').on(t.stageId, t.stageChangedAt),
    index('leads_assigned_idx').on(t.assignedTo),
    index('leads_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    index('leads_phones_idx').using('gin', t.phones),
    index('leads_inn_idx').on(t.inn),
    index('leads_earth_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lng})`),
    check('leads_type_check', sql`${t.type} in ('pharmacy', 'wholesaler', 'hospital', 'healthcare')`),
    check('leads_inn_format', sql`${t.inn} ~ '^[0-9]{9}$'`),
    check('leads_point_pair', sql`(${t.lat} is null) = (${t.lng} is null)`),
  ],
);

/** Every move of a lead between stages: its history, and the time it spent in each. */
export const leadStageHistory = pgTable(
  'lead_stage_history',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    fromStageId: integer('from_stage_id').references(() => leadStages.id, { onDelete: 'set null' }),
    toStageId: integer('to_stage_id')
      .notNull()
      .references(() => leadStages.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lostReason: text('lost_reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_stage_history_lead_idx').on(t.leadId, t.at), index('lead_stage_history_at_idx').on(t.at)],
);
