import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  barcodeParam,
  category,
  idParam,
  listProducersQuery,
  listProductsQuery,
  medicationStatusCounts,
  producer,
  product,
  productList,
  saveCategoryBody,
  saveProducerBody,
  saveProductBody,
  setMedicationStatusBody,
} from '@pharma/contracts';
import {
  createProduct,
  deleteCategory,
  deleteProduct,
  getProduct,
  listCategories,
  listProducers,
  listProducts,
  medicationStatusCounts as countMedicationStatuses,
  productByBarcode,
  saveCategory,
  saveProducer,
  setMedicationStatus,
  updateProduct,
} from './catalog.service.js';

/** The catalog: /api/products (with /status-drugs and barcode lookup). */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  app.get(
    '/',
    {
      config: { access: 'stock.view' },
      schema: {
        tags,
        summary: 'Catalog: search (≥ 4 characters, any script), filters, paging',
        querystring: listProductsQuery,
        response: { 200: productList },
      },
    },
    (req) => listProducts(app.db, req.query),
  );
  app.get(
    '/medication-status-counts',
    {
      config: { access: 'stock.view' },
      schema: { tags, summary: '/status-drugs: active products per medication status', response: { 200: medicationStatusCounts } },
    },
    () => countMedicationStatuses(app.db),
  );
  app.get(
    '/by-barcode/:barcode',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'Barcode lookup', params: barcodeParam, response: { 200: product } } },
    (req) => productByBarcode(app.db, req.params.barcode),
  );
  app.get('/:id', { config: { access: 'stock.view' }, schema: { tags, summary: 'One product', params: idParam, response: { 200: product } } }, (req) =>
    getProduct(app.db, req.params.id),
  );
  app.post(
    '/',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Create a product', body: saveProductBody, response: { 201: product } } },
    async (req, reply) => reply.status(201).send(await createProduct(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Edit a product', params: idParam, body: saveProductBody, response: { 200: product } } },
    (req) => updateProduct(app.db, req.actor, req.params.id, req.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'stock.delete' },
      schema: { tags, summary: 'Delete a product without stock history (else IN_USE: deactivate it)', params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await deleteProduct(app.db, req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/medication-status',
    {
      config: { access: 'stock.edit' },
      schema: {
        tags,
        summary: '/status-drugs: set pending, acquainted or denied (a denial needs a reason)',
        params: idParam,
        body: setMedicationStatusBody,
        response: { 200: product },
      },
    },
    (req) => setMedicationStatus(app.db, req.actor, req.params.id, req.body),
  );
};

export const producersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  app.get(
    '/',
    {
      config: { access: 'stock.view' },
      schema: { tags, summary: 'Producers (pick-list and screen)', querystring: listProducersQuery, response: { 200: z.array(producer) } },
    },
    (req) => listProducers(app.db, req.query),
  );
  app.post(
    '/',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Add a producer', body: saveProducerBody, response: { 201: producer } } },
    async (req, reply) => reply.status(201).send(await saveProducer(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Edit a producer', params: idParam, body: saveProducerBody, response: { 200: producer } } },
    (req) => saveProducer(app.db, req.actor, req.body, req.params.id),
  );
};

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  app.get(
    '/',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'Categories and subcategories (flat, with parentId)', response: { 200: z.array(category) } } },
    () => listCategories(app.db),
  );
  app.post(
    '/',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Add a category or subcategory', body: saveCategoryBody, response: { 201: category } } },
    async (req, reply) => reply.status(201).send(await saveCategory(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Edit a category', params: idParam, body: saveCategoryBody, response: { 200: category } } },
    (req) => saveCategory(app.db, req.actor, req.body, req.params.id),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'stock.delete' },
      schema: { tags, summary: 'Delete a category without products or subcategories', params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await deleteCategory(app.db, req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
