import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { district, idParam, region, saveDistrictBody, saveRegionBody } from '@pharma/contracts';
import { deleteDistrict, listRegions, saveDistrict, saveRegion } from './regions.service.js';

const tags = ['regions and districts'];

export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'The regions of Uzbekistan with their districts', response: { 200: z.array(region) } } },
    () => listRegions(app.db),
  );
  app.post(
    '/',
    { config: { access: 'settings.edit' }, schema: { tags, summary: 'Add a region', body: saveRegionBody, response: { 201: region } } },
    async (req, reply) => reply.status(201).send(await saveRegion(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'settings.edit' }, schema: { tags, summary: 'Rename a region', params: idParam, body: saveRegionBody, response: { 200: region } } },
    (req) => saveRegion(app.db, req.actor, req.body, req.params.id),
  );
  app.post(
    '/districts',
    { config: { access: 'settings.edit' }, schema: { tags, summary: 'Add a district', body: saveDistrictBody, response: { 201: district } } },
    async (req, reply) => reply.status(201).send(await saveDistrict(app.db, req.actor, req.body)),
  );
  app.put(
    '/districts/:id',
    { config: { access: 'settings.edit' }, schema: { tags, summary: 'Edit a district', params: idParam, body: saveDistrictBody, response: { 200: district } } },
    (req) => saveDistrict(app.db, req.actor, req.body, req.params.id),
  );
  app.delete(
    '/districts/:id',
    { config: { access: 'settings.delete' }, schema: { tags, summary: 'Delete a district not in use', params: idParam, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteDistrict(app.db, req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
