import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, saveTerritoriesBody, userTerritories } from '@pharma/contracts';
import { getTerritories, myTerritories, saveTerritories } from './territories.service.js';

const tags = ['territories'];

/** Registered under /api/users: a user's territories are part of their staff record. */
export const territoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/territories',
    { config: { access: 'signedIn' }, schema: { tags, summary: "The signed-in user's territories", response: { 200: userTerritories } } },
    (req) => myTerritories(app.db, req.actor),
  );
  app.get(
    '/:id/territories',
    {
      config: { access: 'users.view' },
      schema: { tags, summary: "A user's territories (regions or districts)", params: idParam, response: { 200: userTerritories } },
    },
    (req) => getTerritories(app.db, req.actor, req.params.id),
  );
  app.put(
    '/:id/territories',
    {
      config: { access: 'users.edit' },
      schema: {
        tags,
        summary: "Replace a user's territories (Settings → Staff)",
        params: idParam,
        body: saveTerritoriesBody,
        response: { 200: userTerritories },
      },
    },
    (req) => saveTerritories(app.db, req.actor, req.params.id, req.body),
  );
};
