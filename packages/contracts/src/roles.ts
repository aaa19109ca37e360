import { z } from 'zod';
import { roleSchema, permissionSchema, dataScopes } from './common/permissions.js';

export const roleRights = z.object({
  role: roleSchema,
  scope: z.enum(dataScopes),
  grants: z.array(permissionSchema),
  userCount: z.number().int(),
});
export type RoleRights = z.infer<typeof roleRights>;

export const updateRoleRightsBody = z.object({
  scope: z.enum(dataScopes),
  grants: z.array(permissionSchema),
});
export type UpdateRoleRightsBody = z.infer<typeof updateRoleRightsBody>;
