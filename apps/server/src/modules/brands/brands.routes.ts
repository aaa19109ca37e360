import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { brandOptions, createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './brands.service.js';

const brands = endpoints.brands;

export const brandsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, brands.list, (req) => listBrands(app.db, req.actor, req.query));
  serve(app, brands.options, () => brandOptions(app.db));
  serve(app, brands.get, (req) => getBrand(app.db, req.params.id));
  serve(app, brands.create, (req) => createBrand(app.db, req.actor, req.body));
  serve(app, brands.update, (req) => updateBrand(app.db, req.actor, req.params.id, req.body));
  serve(app, brands.delete, (req) => deleteBrand(app.db, req.actor, req.params.id));
};
