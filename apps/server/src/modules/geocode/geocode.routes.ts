import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodeQuery, geocodeResponse, mapConfig as mapConfigSchema, pointQuery, reverseGeocodeResponse } from '@pharma/contracts';
import { requestLanguage } from '../../platform/error-handler.js';
import { geocode, mapConfig, reverseGeocode } from './geocode.service.js';

const tags = ['maps'];

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Map settings: tile URL, attribution, whether a geocoder is configured', response: { 200: mapConfigSchema } },
    },
    () => mapConfig(app.config),
  );
  app.get(
    '/',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: 'Address search: own organizations first, then the external geocoder',
        querystring: geocodeQuery,
        response: { 200: geocodeResponse },
      },
    },
    (req) => geocode(app.db, req.actor, app.config, req.query.q, requestLanguage(req), req.log),
  );
  app.get(
    '/reverse',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: 'The address at a point picked on the map', querystring: pointQuery, response: { 200: reverseGeocodeResponse } },
    },
    (req) => reverseGeocode(app.db, req.actor, app.config, req.query, requestLanguage(req), req.log),
  );
};
