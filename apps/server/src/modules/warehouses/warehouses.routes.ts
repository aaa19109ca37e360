import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { getWarehouse, listWarehouses, saveWarehouse } from './warehouses.service.js';

const warehouses = endpoints.warehouses;

export const warehousesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, warehouses.list, () => listWarehouses(app.db));
  serve(app, warehouses.get, (req) => getWarehouse(app.db, req.params.id));
  serve(app, warehouses.create, (req) => saveWarehouse(app.db, req.actor, req.body));
  serve(app, warehouses.update, (req) => saveWarehouse(app.db, req.actor, req.body, req.params.id));
};
