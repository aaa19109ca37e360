import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brand, brandList, brandOption, idParam, listBrandsQuery, saveBrandBody } from '@pharma/contracts';
import { brandOptions, createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './brands.service.js';

const tags = ['brands'];

export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: 'Brands and counterparties', querystring: listBrandsQuery, response: { 200: brandList } },
    },
    (req) => listBrands(app.db, req.actor, req.query),
  );
  app.get(
    '/options',
    { config: { access: 'organizations.view' }, schema: { tags, summary: 'Every brand, for pick-lists', response: { 200: z.array(brandOption) } } },
    () => brandOptions(app.db),
  );
  app.get('/:id', { config: { access: 'organizations.view' }, schema: { tags, summary: 'One brand', params: idParam, response: { 200: brand } } }, (req) =>
    getBrand(app.db, req.params.id),
  );
  app.post(
    '/',
    { config: { access: 'organizations.edit' }, schema: { tags, summary: 'Add a brand or counterparty', body: saveBrandBody, response: { 201: brand } } },
    async (req, reply) => reply.status(201).send(await createBrand(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'organizations.edit' }, schema: { tags, summary: 'Edit a brand', params: idParam, body: saveBrandBody, response: { 200: brand } } },
    (req) => updateBrand(app.db, req.actor, req.params.id, req.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'organizations.delete' },
      schema: { tags, summary: 'Delete a brand no organization names', params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await deleteBrand(app.db, req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
