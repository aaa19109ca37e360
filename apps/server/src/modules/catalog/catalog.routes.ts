import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  medicationStatusCounts,
  productByBarcode,
  setMedicationStatus,
  updateProduct,
} from './catalog.service.js';
import { deleteCategory, listCategories, saveCategory } from './categories.service.js';
import { listProducers, saveProducer } from './producers.service.js';

const { products, producers, categories } = endpoints.catalog;

/** The catalog: /api/products (with /status-drugs and barcode lookup). */
export const productsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, products.list, (req) => listProducts(app.db, req.query));
  serve(app, products.medicationStatusCounts, () => medicationStatusCounts(app.db));
  serve(app, products.byBarcode, (req) => productByBarcode(app.db, req.params.barcode));
  serve(app, products.get, (req) => getProduct(app.db, req.params.id));
  serve(app, products.create, (req) => createProduct(app.db, req.actor, req.body));
  serve(app, products.update, (req) => updateProduct(app.db, req.actor, req.params.id, req.body));
  serve(app, products.delete, (req) => deleteProduct(app.db, req.actor, req.params.id));
  serve(app, products.setMedicationStatus, (req) => setMedicationStatus(app.db, req.actor, req.params.id, req.body));
};

export const producersRoutes: FastifyPluginAsync = async (app) => {
  serve(app, producers.list, (req) => listProducers(app.db, req.query));
  serve(app, producers.create, (req) => saveProducer(app.db, req.actor, req.body));
  serve(app, producers.update, (req) => saveProducer(app.db, req.actor, req.body, req.params.id));
};

export const categoriesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, categories.list, () => listCategories(app.db));
  serve(app, categories.create, (req) => saveCategory(app.db, req.actor, req.body));
  serve(app, categories.update, (req) => saveCategory(app.db, req.actor, req.body, req.params.id));
  serve(app, categories.delete, (req) => deleteCategory(app.db, req.actor, req.params.id));
};
