import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { globalSearch } from './search.service.js';

export const searchRoutes: FastifyPluginAsync = async (app) => {
  serve(app, endpoints.search.search, (req) => globalSearch(app.db, req.actor, req.query));
};
