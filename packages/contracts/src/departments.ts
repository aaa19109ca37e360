import { z } from 'zod';
import { optionalText, requiredText, recordId } from './common/validation.js';

/** Departments and branches are both a named unit of the company; one shape serves both. */
export const orgUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  regionId: z.number().int().nullable(),
  userCount: z.number().int(),
});
export type OrgUnit = z.infer<typeof orgUnit>;

export const saveOrgUnitBody = z.object({
  name: requiredText(120),
  description: optionalText(500),
  regionId: recordId().nullable().optional(),
});
export type SaveOrgUnitBody = z.infer<typeof saveOrgUnitBody>;
