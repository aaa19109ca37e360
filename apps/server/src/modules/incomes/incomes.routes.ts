import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allProjectionQuery,
  calculatePrices,
  calculateSalePriceQuery,
  calculateSalePricesBody,
  calculatedPrices,
  createIncomeBody,
  idParam,
  importIncomeBody,
  incomeDetail,
  incomeList,
  incomeProjection as incomeProjectionSchema,
  incomeStatistics as incomeStatisticsSchema,
  incomeStatisticsQuery,
  listIncomesQuery,
} from '@pharma/contracts';
import { requestLanguage } from '../../platform/error-handler.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createIncome, getIncome, listIncomes } from './incomes.service.js';
import { incomeProjection, incomeStatistics } from './income-projection.service.js';
import { exportProjection, importIncome, importTemplate } from './incomes.xlsx.js';

/** Incomes (goods receipts), with the specification's own calls under /api/incomes. */
export const incomesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['incomes'];
  app.get(
    '/',
    {
      config: { access: 'stock.view' },
      schema: {
        tags,
        summary: 'Income documents: date range, warehouse, product, search, paging',
        querystring: listIncomesQuery,
        response: { 200: incomeList },
      },
    },
    (req) => listIncomes(app.db, req.query),
  );
  app.get(
    '/all-projection',
    {
      config: { access: 'stock.view' },
      schema: {
        tags,
        summary: 'Every received position with its document (spec §7)',
        querystring: allProjectionQuery,
        response: { 200: incomeProjectionSchema },
      },
    },
    (req) => incomeProjection(app.db, req.query),
  );
  app.get(
    '/all-projection/export',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'The income projection as .xlsx (same filters)', querystring: allProjectionQuery } },
    (req, reply) => exportProjection(reply, app.db, req.actor, req.query, requestLanguage(req)),
  );
  app.get(
    '/calculate-sale-prices',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Sale price of one position from base price, markup % and VAT % (spec §7)',
        querystring: calculateSalePriceQuery,
        response: { 200: calculatedPrices },
      },
    },
    (req) => calculatePrices([req.query]),
  );
  app.post(
    '/calculate-sale-prices',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Sale prices and totals of many positions (spec §7)', body: calculateSalePricesBody, response: { 200: calculatedPrices } },
    },
    (req) => calculatePrices(req.body.lines),
  );
  app.get(
    '/statistics',
    {
      config: { access: 'stock.view' },
      schema: {
        tags,
        summary: 'Received value and quantity by period, producer and warehouse (spec §7)',
        querystring: incomeStatisticsQuery,
        response: { 200: incomeStatisticsSchema },
      },
    },
    (req) => incomeStatistics(app.db, req.query),
  );
  app.get(
    '/import-template',
    { config: { access: 'stock.edit' }, schema: { tags, summary: 'The .xlsx template an income is imported from' } },
    async (req, reply) => sendXlsx(reply, 'income-template.xlsx', await importTemplate(requestLanguage(req))),
  );
  app.post(
    '/import',
    {
      config: { access: 'stock.edit' },
      schema: {
        tags,
        summary: 'Create an income from an .xlsx file (base64); nothing is saved when a row is bad',
        body: importIncomeBody,
        response: { 201: incomeDetail },
      },
    },
    async (req, reply) => reply.status(201).send(await importIncome(app.db, req.actor, req.body)),
  );
  app.get(
    '/:id',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'One income with its lines', params: idParam, response: { 200: incomeDetail } } },
    (req) => getIncome(app.db, req.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'stock.edit' },
      schema: { tags, summary: 'Create an income: its lines become batches', body: createIncomeBody, response: { 201: incomeDetail } },
    },
    async (req, reply) => reply.status(201).send(await createIncome(app.db, req.actor, req.body)),
  );
};
