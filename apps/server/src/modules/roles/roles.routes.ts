import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleRights, roleSchema, updateRoleRightsBody } from '@pharma/contracts';
import { listRoleRights, updateRoleRights } from './roles.service.js';

const tags = ['roles and rights'];

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'roles.view' }, schema: { tags, summary: 'Every role with its scope and rights', response: { 200: z.array(roleRights) } } },
    () => listRoleRights(app.db),
  );
  app.put(
    '/:role',
    {
      config: { access: 'roles.edit' },
      schema: {
        tags,
        summary: "Replace a role's scope and rights",
        params: z.object({ role: roleSchema }),
        body: updateRoleRightsBody,
        response: { 200: roleRights },
      },
    },
    (req) => updateRoleRights(app.db, req.actor, req.params.role, req.body),
  );
};
