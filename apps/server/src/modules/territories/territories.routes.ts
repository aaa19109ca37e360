import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { getTerritories, myTerritories, saveTerritories } from './territories.service.js';

const territories = endpoints.territories;

/** Registered under /api/users: a user's territories are part of their staff record. */
export const territoriesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, territories.mine, (req) => myTerritories(app.db, req.actor));
  serve(app, territories.get, (req) => getTerritories(app.db, req.actor, req.params.id));
  serve(app, territories.save, (req) => saveTerritories(app.db, req.actor, req.params.id, req.body));
};
