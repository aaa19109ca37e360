import { z } from 'zod';
import { pageQuery, paged } from './common/paging.js';

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const listAuditQuery = pageQuery.extend({
  entity: z.string().max(40).optional(),
  entityId: z.string().max(40).optional(),
});
export const auditList = paged(auditEntry);
