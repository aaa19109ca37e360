import { z } from 'zod';
import { recordId } from './common/validation.js';

/**
 * A territory a user works in: a whole region (districtId null) or one district
 * of it. A medical representative sees the organizations of their territories;
 * a chief or boss those of their team's territories; everyone with the "all"
 * data scope every organization (Settings → Staff → territories).
 */
export const territory = z.object({
  regionId: recordId(),
  districtId: recordId().nullable().default(null),
});
export type Territory = z.infer<typeof territory>;

export const userTerritories = z.object({
  userId: z.number().int(),
  items: z.array(z.object({ regionId: z.number().int(), districtId: z.number().int().nullable() })),
});
export type UserTerritories = z.infer<typeof userTerritories>;

/** PUT /api/users/:id/territories replaces the whole assignment. */
export const saveTerritoriesBody = z.object({ items: z.array(territory).max(500) });
export type SaveTerritoriesBody = z.input<typeof saveTerritoriesBody>;
