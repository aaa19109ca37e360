import type { FastifyPluginAsync } from 'fastify';
import { calculatePrices, endpoints } from '@pharma/contracts';
import { requestLanguage } from '../../platform/error-handler.js';
import { serve } from '../../platform/endpoints.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { createIncome, getIncome, listIncomes } from './incomes.service.js';
import { incomeProjection, incomeStatistics } from './income-projection.service.js';
import { exportProjection, importIncome, importTemplate } from './incomes.xlsx.js';

const { incomes, projection, salePrices, statistics } = endpoints.incomes;

/** Incomes (goods receipts), with the specification's own calls under /api/incomes. */
export const incomesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, incomes.list, (req) => listIncomes(app.db, req.query));
  serve(app, projection.list, (req) => incomeProjection(app.db, req.query));
  serve(app, projection.export, (req, reply) => exportProjection(reply, app.db, req.actor, req.query, requestLanguage(req)));
  serve(app, salePrices.calculate, (req) => calculatePrices([req.query]));
  serve(app, salePrices.calculateMany, (req) => calculatePrices(req.body.lines));
  serve(app, statistics.get, (req) => incomeStatistics(app.db, req.query));
  serve(app, incomes.importTemplate, async (req, reply) => sendXlsx(reply, 'income-template.xlsx', await importTemplate(requestLanguage(req))));
  serve(app, incomes.import, (req) => importIncome(app.db, req.actor, req.body));
  serve(app, incomes.get, (req) => getIncome(app.db, req.params.id));
  serve(app, incomes.create, (req) => createIncome(app.db, req.actor, req.body));
};
