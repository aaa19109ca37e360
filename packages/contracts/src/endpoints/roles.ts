import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { roleSchema } from '../common/permissions.js';
import { roleRights, updateRoleRightsBody } from '../roles.js';

/** Settings → roles and rights. */
export const rolesEndpoints = {
  list: endpoint({ method: 'GET', path: '/roles', access: 'roles.view', summary: 'Every role with its scope and rights', answer: z.array(roleRights) }),
  update: endpoint({
    method: 'PUT',
    path: '/roles/:role',
    access: 'roles.edit',
    summary: "Replace a role's scope and rights",
    params: z.object({ role: roleSchema }),
    body: updateRoleRightsBody,
    answer: roleRights,
  }),
};
