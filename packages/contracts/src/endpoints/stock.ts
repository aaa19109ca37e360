import { z } from 'zod';
import { endpoint, fileAnswer } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import {
  batch,
  batchList,
  batchReasonBody,
  createWriteOffBody,
  editBatchesBody,
  editBatchesResult,
  listBatchesQuery,
  listResiduesQuery,
  listShortDatedQuery,
  listStockByProductQuery,
  listWriteOffsQuery,
  priceList,
  stockByProductList,
  stockByWarehouseRow,
  writeOff,
  writeOffList,
} from '../stock.js';
import { listReservationsQuery, reservation, reservationList, reservationPlan, reservationPlanQuery } from '../reservations.js';

/**
 * Stock by batch, product and warehouse; /residues-drugs; short-dated; quarantine and recall; write-offs;
 * /editable. And the reservations of stock, read here: they are made and closed only by their documents
 * (decision 021), an order's lines and a visit's holds.
 */
export const stockEndpoints = {
  batches: {
    list: endpoint({
      method: 'GET',
      path: '/stock/batches',
      access: 'stock.view',
      summary: 'Stock by batch (also the /editable list: rows carry their version)',
      query: listBatchesQuery,
      answer: batchList,
    }),
    export: endpoint({
      method: 'GET',
      path: '/stock/batches/export',
      access: 'stock.view',
      summary: 'Stock by batch as .xlsx (same filters)',
      query: listBatchesQuery,
      answer: fileAnswer,
    }),
    edit: endpoint({
      method: 'PATCH',
      path: '/stock/batches',
      access: 'stock.edit',
      summary: '/editable: save edited stock rows, all or none',
      body: editBatchesBody,
      answer: editBatchesResult,
    }),
    get: endpoint({ method: 'GET', path: '/stock/batches/:id', access: 'stock.view', summary: 'One batch', params: idParam, answer: batch }),
    quarantine: endpoint({
      method: 'POST',
      path: '/stock/batches/:id/quarantine',
      access: 'stock.edit',
      summary: 'Put a batch in quarantine (not reservable)',
      params: idParam,
      body: batchReasonBody,
      answer: batch,
    }),
    recall: endpoint({
      method: 'POST',
      path: '/stock/batches/:id/recall',
      access: 'stock.edit',
      summary: 'Recall a batch (final; never reservable)',
      params: idParam,
      body: batchReasonBody,
      answer: batch,
    }),
    release: endpoint({
      method: 'POST',
      path: '/stock/batches/:id/release',
      access: 'stock.edit',
      summary: 'Lift a quarantine',
      params: idParam,
      answer: batch,
    }),
  },
  byProduct: {
    list: endpoint({
      method: 'GET',
      path: '/stock/by-product',
      access: 'stock.view',
      summary: 'Stock by product: balances, free, nearest expiry',
      query: listStockByProductQuery,
      answer: stockByProductList,
    }),
  },
  byWarehouse: {
    list: endpoint({ method: 'GET', path: '/stock/by-warehouse', access: 'stock.view', summary: 'Stock by warehouse', answer: z.array(stockByWarehouseRow) }),
  },
  priceList: {
    get: endpoint({
      method: 'GET',
      path: '/stock/price-list',
      access: 'stock.view',
      summary: 'The price list and free stock by product and warehouse, as a phone keeps them offline (issue 16)',
      answer: priceList,
    }),
  },
  residues: {
    list: endpoint({
      method: 'GET',
      path: '/stock/residues',
      access: 'stock.view',
      summary: '/residues-drugs: reservable remainders with a free balance',
      query: listResiduesQuery,
      answer: batchList,
    }),
  },
  shortDated: {
    list: endpoint({
      method: 'GET',
      path: '/stock/short-dated',
      access: 'stock.view',
      summary: 'Short-dated stock: what to offer first',
      query: listShortDatedQuery,
      answer: batchList,
    }),
  },
  writeOffs: {
    list: endpoint({
      method: 'GET',
      path: '/stock/write-offs',
      access: 'stock.view',
      summary: 'Removed-stock history',
      query: listWriteOffsQuery,
      answer: writeOffList,
    }),
    export: endpoint({
      method: 'GET',
      path: '/stock/write-offs/export',
      access: 'stock.view',
      summary: 'Removed-stock history as .xlsx',
      query: listWriteOffsQuery,
      answer: fileAnswer,
    }),
    create: endpoint({
      method: 'POST',
      path: '/stock/write-offs',
      access: 'stock.delete',
      summary: 'Write off free units of a batch',
      body: createWriteOffBody,
      answer: writeOff,
      status: 201,
    }),
  },
  reservations: {
    list: endpoint({
      method: 'GET',
      path: '/reservations',
      access: 'stock.view',
      summary: 'Reservations in scope (a rep sees their own)',
      query: listReservationsQuery,
      answer: reservationList,
    }),
    plan: endpoint({
      method: 'GET',
      path: '/reservations/plan',
      access: 'stock.view',
      summary: 'What FEFO would reserve now, without reserving',
      query: reservationPlanQuery,
      answer: reservationPlan,
    }),
    get: endpoint({ method: 'GET', path: '/reservations/:id', access: 'stock.view', summary: 'One reservation', params: idParam, answer: reservation }),
  },
};
