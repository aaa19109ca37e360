import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { requestLanguage } from '../../platform/error-handler.js';
import { geocode, mapConfig, reverseGeocode } from './geocode.service.js';

const maps = endpoints.geocode;

export const geocodeRoutes: FastifyPluginAsync = async (app) => {
  serve(app, maps.config, () => mapConfig(app.config));
  serve(app, maps.search, (req) => geocode(app.db, req.actor, app.config, req.query.q, requestLanguage(req), req.log));
  serve(app, maps.reverse, (req) => reverseGeocode(app.db, req.actor, app.config, req.query, requestLanguage(req), req.log));
};
