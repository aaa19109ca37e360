import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batch,
  batchList,
  batchReasonBody,
  createWriteOffBody,
  editBatchesBody,
  editBatchesResult,
  idParam,
  listBatchesQuery,
  listResiduesQuery,
  listShortDatedQuery,
  listStockByProductQuery,
  listWriteOffsQuery,
  stockByProductList,
  stockByWarehouseRow,
  writeOff,
  writeOffList,
} from '@pharma/contracts';
import { getBatch, listBatches, listResidues, listShortDated, stockByProduct, stockByWarehouse } from './stock.service.js';
import { changeBatchStatus, editBatches } from './batch-edits.service.js';
import { createWriteOff, listWriteOffs } from './write-offs.service.js';
import { exportBatches, exportWriteOffs } from './stock.xlsx.js';
import { requestLanguage } from '../../platform/error-handler.js';

/** Stock by batch, product and warehouse; /residues-drugs; short-dated; quarantine and recall; write-offs; /editable. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stock'];
  app.get(
    '/batches',
    {
      config: { access: 'stock.view' },
      schema: {
        tags,
        summary: 'Stock by batch (also the /editable list: rows carry their version)',
        querystring: listBatchesQuery,
        response: { 200: batchList },
      },
    },
    (req) => listBatches(app.db, req.query, new Date()),
  );
  app.get(
    '/batches/export',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'Stock by batch as .xlsx (same filters)', querystring: listBatchesQuery } },
    (req, reply) => exportBatches(reply, app.db, req.actor, req.query, new Date(), requestLanguage(req)),
  );
  app.patch(
    '/batches',
    {
      config: { access: 'stock.edit' },
      schema: { tags, summary: '/editable: save edited stock rows, all or none', body: editBatchesBody, response: { 200: editBatchesResult } },
    },
    async (req) => ({ items: await editBatches(app.db, req.actor, req.body, new Date()) }),
  );
  app.get('/batches/:id', { config: { access: 'stock.view' }, schema: { tags, summary: 'One batch', params: idParam, response: { 200: batch } } }, (req) =>
    getBatch(app.db, req.params.id, new Date()),
  );
  app.post(
    '/batches/:id/quarantine',
    {
      config: { access: 'stock.edit' },
      schema: { tags, summary: 'Put a batch in quarantine (not reservable)', params: idParam, body: batchReasonBody, response: { 200: batch } },
    },
    (req) => changeBatchStatus(app.db, req.actor, req.params.id, 'quarantine', req.body.reason, new Date()),
  );
  app.post(
    '/batches/:id/recall',
    {
      config: { access: 'stock.edit' },
      schema: { tags, summary: 'Recall a batch (final; never reservable)', params: idParam, body: batchReasonBody, response: { 200: batch } },
    },
    (req) => changeBatchStatus(app.db, req.actor, req.params.id, 'recall', req.body.reason, new Date()),
  );
  app.post(
    '/batches/:id/release',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'Lift a quarantine', params: idParam, response: { 200: batch } } },
    (req) => changeBatchStatus(app.db, req.actor, req.params.id, 'releaseQuarantine', null, new Date()),
  );
  app.get(
    '/by-product',
    {
      config: { access: 'stock.view' },
      schema: {
        tags,
        summary: 'Stock by product: balances, free, nearest expiry',
        querystring: listStockByProductQuery,
        response: { 200: stockByProductList },
      },
    },
    (req) => stockByProduct(app.db, req.query, new Date()),
  );
  app.get(
    '/by-warehouse',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'Stock by warehouse', response: { 200: z.array(stockByWarehouseRow) } } },
    () => stockByWarehouse(app.db, new Date()),
  );
  app.get(
    '/residues',
    {
      config: { access: 'stock.view' },
      schema: { tags, summary: '/residues-drugs: reservable remainders with a free balance', querystring: listResiduesQuery, response: { 200: batchList } },
    },
    (req) => listResidues(app.db, req.query, new Date()),
  );
  app.get(
    '/short-dated',
    {
      config: { access: 'stock.view' },
      schema: { tags, summary: 'Short-dated stock: what to offer first', querystring: listShortDatedQuery, response: { 200: batchList } },
    },
    (req) => listShortDated(app.db, req.query, new Date()),
  );
  app.get(
    '/write-offs',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'Removed-stock history', querystring: listWriteOffsQuery, response: { 200: writeOffList } } },
    (req) => listWriteOffs(app.db, req.query),
  );
  app.get(
    '/write-offs/export',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'Removed-stock history as .xlsx', querystring: listWriteOffsQuery } },
    (req, reply) => exportWriteOffs(reply, app.db, req.actor, req.query, requestLanguage(req)),
  );
  app.post(
    '/write-offs',
    { config: { access: 'stock.delete' }, schema: { tags, summary: 'Write off free units of a batch', body: createWriteOffBody, response: { 201: writeOff } } },
    async (req, reply) => reply.status(201).send(await createWriteOff(app.db, req.actor, req.body, new Date())),
  );
};
