import { z } from 'zod';
import { inn } from './common/inn.js';
import { localizedText } from './common/localized-text.js';
import { pageQuery, paged } from './common/paging.js';
import { phone } from './common/phone.js';
import { optionalText, queryId, recordId, requiredText } from './common/validation.js';
import { latitude, longitude, pointPair } from './maps.js';
import { duplicateCandidate, duplicateReasons, organizationTypeSchema, saveOrganizationBody } from './organizations.js';

/** Leads (issue 18): prospective clients, from their first contact until they become an organization. */
export const leadSources = ['call', 'telegram', 'instagram', 'facebook', 'websiteForm', 'referral', 'exhibition', 'field'] as const;
export type LeadSource = (typeof leadSources)[number];

/**
 * A stage's kind: the pipeline's open stages (new, contacted, qualified and any a company adds), and the
 * two ends, won and lost (one each; renamed, never removed). Moving to lost needs a reason.
 */
export const leadStageKinds = ['open', 'won', 'lost'] as const;
export type LeadStageKind = (typeof leadStageKinds)[number];

export const leadStage = z.object({
  id: z.number().int(),
  kind: z.enum(leadStageKinds),
  name: localizedText,
  position: z.number().int(),
  /** leads now in it */
  leadCount: z.number().int(),
});
export type LeadStage = z.infer<typeof leadStage>;
export const leadStageList = z.object({ items: z.array(leadStage) });
const stageName = requiredText(60);
export const saveLeadStageBody = z.object({
  name: z.object({ ru: stageName, en: stageName, 'uz-Latn': stageName, 'uz-Cyrl': stageName }),
});
export type SaveLeadStageBody = z.input<typeof saveLeadStageBody>;
/** The open stages in their new order (won and lost stay last). */
export const reorderLeadStagesBody = z.object({
  ids: z
    .array(recordId())
    .min(1)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invalidOption' }),
});

const nullable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

export const leadSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: organizationTypeSchema,
  contactPerson: z.string().nullable(),
  phones: z.array(z.string()),
  regionId: z.number().int(),
  regionName: localizedText,
  districtId: z.number().int(),
  districtName: localizedText,
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  inn: z.string().nullable(),
  source: z.enum(leadSources),
  assignedTo: z.number().int().nullable(),
  assignedName: z.string().nullable(),
  notes: z.string().nullable(),
  stageId: z.number().int(),
  stageKind: z.enum(leadStageKinds),
  lostReason: z.string().nullable(),
  stageChangedAt: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadSummary = z.infer<typeof leadSummary>;

export const leadStageMove = z.object({
  fromStageId: z.number().int().nullable(),
  toStageId: z.number().int(),
  userName: z.string().nullable(),
  lostReason: z.string().nullable(),
  at: z.string(),
});
export type LeadStageMove = z.infer<typeof leadStageMove>;
export const lead = leadSummary.extend({ history: z.array(leadStageMove) });
export type Lead = z.infer<typeof lead>;

export const leadSortFields = ['createdAt', 'name', 'stageChangedAt'] as const;
const leadFilters = {
  source: z.enum(leadSources).optional(),
  assignedTo: queryId().optional(),
  regionId: queryId().optional(),
};
export const listLeadsQuery = pageQuery.extend({ ...leadFilters, stageId: queryId().optional() });
export type ListLeadsQuery = z.input<typeof listLeadsQuery>;
export const leadList = paged(leadSummary);
export type LeadList = z.infer<typeof leadList>;

/** The board: each stage with its count and its most recently moved leads. */
export const leadBoardQuery = pageQuery.pick({ q: true }).extend(leadFilters);
export type LeadBoardQuery = z.input<typeof leadBoardQuery>;
export const leadBoardColumnSize = 100;
export const leadBoard = z.object({
  columns: z.array(z.object({ stageId: z.number().int(), total: z.number().int(), items: z.array(leadSummary) })),
});
export type LeadBoard = z.infer<typeof leadBoard>;

export const maxLeadPhones = 5;
const leadFields = {
  name: requiredText(200),
  type: organizationTypeSchema,
  contactPerson: optionalText(120),
  phones: z.array(phone).max(maxLeadPhones).default([]),
  regionId: recordId(),
  districtId: recordId(),
  address: optionalText(300),
  lat: nullable(latitude),
  lng: nullable(longitude),
  inn: nullable(inn),
  source: z.enum(leadSources),
  assignedTo: nullable(recordId()),
  notes: optionalText(2000),
};
export const saveLeadBody = z.object(leadFields).superRefine(pointPair('lat', 'lng'));
export type SaveLeadBody = z.input<typeof saveLeadBody>;
/** A new lead starts in the first open stage unless another is named. */
export const createLeadBody = z.object({ ...leadFields, stageId: nullable(recordId()) }).superRefine(pointPair('lat', 'lng'));
export type CreateLeadBody = z.input<typeof createLeadBody>;

/** Moving to a stage of kind lost needs a reason (LEAD_LOST_REASON_REQUIRED names the field otherwise). */
export const moveLeadBody = z.object({ stageId: recordId(), lostReason: optionalText(500) });
export type MoveLeadBody = z.input<typeof moveLeadBody>;

/** Likely duplicates of a lead: organizations and other leads with the same inn or phone, or a similar name within 50 m. */
export const checkLeadDuplicatesBody = z.object({
  name: requiredText(200),
  inn: nullable(inn),
  phones: z.array(phone).max(maxLeadPhones).default([]),
  lat: nullable(latitude),
  lng: nullable(longitude),
  excludeId: nullable(recordId()),
});
export type CheckLeadDuplicatesBody = z.input<typeof checkLeadDuplicatesBody>;
export const leadDuplicates = z.object({
  organizations: z.array(duplicateCandidate),
  leads: z.array(
    z.object({ id: z.number().int(), name: z.string(), stageId: z.number().int(), reasons: z.array(z.enum(duplicateReasons)), visible: z.boolean() }),
  ),
});
export type LeadDuplicates = z.infer<typeof leadDuplicates>;

/**
 * A won lead becomes an organization: the organization's whole body (prefilled from the lead, checked by
 * the organization rules and its duplicate check) and, if given, its first visit on that day for the
 * representative.
 */
export const convertLeadBody = z.object({
  organization: saveOrganizationBody,
  firstVisit: z
    .object({ representativeId: recordId(), date: z.iso.date({ error: 'invalidDate' }) })
    .nullable()
    .optional(),
});
/** The first visit of a converted lead starts at this Tashkent time and lasts half an hour. */
export const firstVisitStart = '10:00';
export type ConvertLeadBody = z.input<typeof convertLeadBody>;
export const convertedLead = z.object({ organizationId: z.number().int(), visitId: z.number().int().nullable() });
export type ConvertedLead = z.infer<typeof convertedLead>;

export const leadImportColumns = ['name', 'type', 'contactPerson', 'phones', 'region', 'district', 'address', 'inn', 'source', 'notes'] as const;
export type LeadImportColumn = (typeof leadImportColumns)[number];
export const maxLeadImportRows = 2000;
/** POST /api/leads/import: an .xlsx file (base64) in the template's columns; nothing is saved when any row is bad. */
export const importLeadsBody = z.object({ file: z.string().min(1, { error: 'required' }).max(7_000_000) });
export const importedLeads = z.object({ created: z.number().int() });

const date = z.iso.date({ error: 'invalidDate' });
export const leadStatsQuery = z.object({ from: date.optional(), to: date.optional() });
export type LeadStatsQuery = z.input<typeof leadStatsQuery>;
export const leadStats = z.object({
  bySource: z.array(
    z.object({
      source: z.enum(leadSources),
      total: z.number().int(),
      won: z.number().int(),
      lost: z.number().int(),
      /** won ÷ (won + lost) in percent; null while none has ended */
      conversionRate: z.number().nullable(),
    }),
  ),
  byStage: z.array(
    z.object({
      stageId: z.number().int(),
      /** leads now in it */
      count: z.number().int(),
      /** leads that have been in it over the period */
      entered: z.number().int(),
      /** mean days a lead stayed in it (a stay not ended counts until now); null without stays */
      avgDays: z.number().nullable(),
    }),
  ),
});
export type LeadStats = z.infer<typeof leadStats>;
