import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { deleteDistrict, listRegions, saveDistrict, saveRegion } from './regions.service.js';

const { regions, districts } = endpoints.regions;

export const regionsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, regions.list, () => listRegions(app.db));
  serve(app, regions.create, (req) => saveRegion(app.db, req.actor, req.body));
  serve(app, regions.update, (req) => saveRegion(app.db, req.actor, req.body, req.params.id));
  serve(app, districts.create, (req) => saveDistrict(app.db, req.actor, req.body));
  serve(app, districts.update, (req) => saveDistrict(app.db, req.actor, req.body, req.params.id));
  serve(app, districts.delete, (req) => deleteDistrict(app.db, req.actor, req.params.id));
};
