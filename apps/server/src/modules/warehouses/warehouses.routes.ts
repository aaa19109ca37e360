import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, saveWarehouseBody, warehouse } from '@pharma/contracts';
import { getWarehouse, listWarehouses, saveWarehouse } from './warehouses.service.js';

export const warehousesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stock'];
  app.get(
    '/',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'All warehouses (pick-lists and filters)', response: { 200: z.array(warehouse) } } },
    () => listWarehouses(app.db),
  );
  app.get('/:id', { config: { access: 'signedIn' }, schema: { tags, summary: 'One warehouse', params: idParam, response: { 200: warehouse } } }, (req) =>
    getWarehouse(app.db, req.params.id),
  );
  app.post(
    '/',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Add a warehouse', body: saveWarehouseBody, response: { 201: warehouse } } },
    async (req, reply) => reply.status(201).send(await saveWarehouse(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    {
      config: { access: 'stock.edit' },
      schema: { tags, summary: 'Edit or deactivate a warehouse', params: idParam, body: saveWarehouseBody, response: { 200: warehouse } },
    },
    (req) => saveWarehouse(app.db, req.actor, req.body, req.params.id),
  );
};
