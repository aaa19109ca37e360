import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { getBatch, listBatches, listResidues, listShortDated, stockByProduct, stockByWarehouse } from './stock.service.js';
import { priceListOf } from './price-list.service.js';
import { changeBatchStatus, editBatches } from './batch-edits.service.js';
import { createWriteOff, listWriteOffs } from './write-offs.service.js';
import { exportBatches, exportWriteOffs } from './stock.xlsx.js';
import { requestLanguage } from '../../platform/error-handler.js';

const { batches, byProduct, byWarehouse, priceList, residues, shortDated, writeOffs } = endpoints.stock;

/** Stock by batch, product and warehouse; /residues-drugs; short-dated; quarantine and recall; write-offs; /editable. */
export const stockRoutes: FastifyPluginAsync = async (app) => {
  serve(app, batches.list, (req) => listBatches(app.db, req.query, new Date()));
  serve(app, batches.export, (req, reply) => exportBatches(reply, app.db, req.actor, req.query, new Date(), requestLanguage(req)));
  serve(app, batches.edit, async (req) => ({ items: await editBatches(app.db, req.actor, req.body, new Date()) }));
  serve(app, batches.get, (req) => getBatch(app.db, req.params.id, new Date()));
  serve(app, batches.quarantine, (req) => changeBatchStatus(app.db, req.actor, req.params.id, 'quarantine', req.body.reason, new Date()));
  serve(app, batches.recall, (req) => changeBatchStatus(app.db, req.actor, req.params.id, 'recall', req.body.reason, new Date()));
  serve(app, batches.release, (req) => changeBatchStatus(app.db, req.actor, req.params.id, 'releaseQuarantine', null, new Date()));
  serve(app, byProduct.list, (req) => stockByProduct(app.db, req.query, new Date()));
  serve(app, byWarehouse.list, () => stockByWarehouse(app.db, new Date()));
  serve(app, priceList.get, () => priceListOf(app.db, new Date()));
  serve(app, residues.list, (req) => listResidues(app.db, req.query, new Date()));
  serve(app, shortDated.list, (req) => listShortDated(app.db, req.query, new Date()));
  serve(app, writeOffs.list, (req) => listWriteOffs(app.db, req.query));
  serve(app, writeOffs.export, (req, reply) => exportWriteOffs(reply, app.db, req.actor, req.query, requestLanguage(req)));
  serve(app, writeOffs.create, (req) => createWriteOff(app.db, req.actor, req.body, new Date()));
};
