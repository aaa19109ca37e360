import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { listRoleRights, updateRoleRights } from './roles.service.js';

export const rolesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, endpoints.roles.list, () => listRoleRights(app.db));
  serve(app, endpoints.roles.update, (req) => updateRoleRights(app.db, req.actor, req.params.role, req.body));
};
