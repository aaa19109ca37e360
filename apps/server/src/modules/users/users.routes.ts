import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { createUser, getUser, listUsers, setUserActive, updateUser, userOptions } from './users.service.js';

const e = endpoints.users;

export const usersRoutes: FastifyPluginAsync = async (app) => {
  serve(app, e.list, (req) => listUsers(app.db, req.actor, req.query));
  serve(app, e.options, (req) => userOptions(app.db, req.actor, req.query.role));
  serve(app, e.get, (req) => getUser(app.db, req.actor, req.params.id));
  serve(app, e.create, (req) => createUser(app.db, req.actor, req.body));
  serve(app, e.update, (req) => updateUser(app.db, req.actor, req.params.id, req.body));
  serve(app, e.deactivate, (req) => setUserActive(app.db, req.actor, req.params.id, false));
  serve(app, e.activate, (req) => setUserActive(app.db, req.actor, req.params.id, true));
};
