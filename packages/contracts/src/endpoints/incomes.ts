import { endpoint, fileAnswer } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import {
  allProjectionQuery,
  createIncomeBody,
  importIncomeBody,
  incomeDetail,
  incomeList,
  incomeProjection,
  incomeStatistics,
  incomeStatisticsQuery,
  listIncomesQuery,
} from '../incomes.js';
import { calculateSalePriceQuery, calculateSalePricesBody, calculatedPrices } from '../pricing.js';

/** Incomes (goods receipts), with the specification's own calls under /api/incomes (spec §7). */
export const incomesEndpoints = {
  incomes: {
    list: endpoint({
      method: 'GET',
      path: '/incomes',
      access: 'stock.view',
      summary: 'Income documents: date range, warehouse, product, search, paging',
      query: listIncomesQuery,
      answer: incomeList,
    }),
    importTemplate: endpoint({
      method: 'GET',
      path: '/incomes/import-template',
      access: 'stock.edit',
      summary: 'The .xlsx template an income is imported from',
      answer: fileAnswer,
    }),
    import: endpoint({
      method: 'POST',
      path: '/incomes/import',
      access: 'stock.edit',
      summary: 'Create an income from an .xlsx file (base64); nothing is saved when a row is bad',
      body: importIncomeBody,
      answer: incomeDetail,
      status: 201,
    }),
    get: endpoint({ method: 'GET', path: '/incomes/:id', access: 'stock.view', summary: 'One income with its lines', params: idParam, answer: incomeDetail }),
    create: endpoint({
      method: 'POST',
      path: '/incomes',
      access: 'stock.edit',
      summary: 'Create an income: its lines become batches',
      body: createIncomeBody,
      answer: incomeDetail,
      status: 201,
    }),
  },
  projection: {
    list: endpoint({
      method: 'GET',
      path: '/incomes/all-projection',
      access: 'stock.view',
      summary: 'Every received position with its document (spec §7)',
      query: allProjectionQuery,
      answer: incomeProjection,
    }),
    export: endpoint({
      method: 'GET',
      path: '/incomes/all-projection/export',
      access: 'stock.view',
      summary: 'The income projection as .xlsx (same filters)',
      query: allProjectionQuery,
      answer: fileAnswer,
    }),
  },
  salePrices: {
    calculate: endpoint({
      method: 'GET',
      path: '/incomes/calculate-sale-prices',
      access: 'signedIn',
      summary: 'Sale price of one position from base price, markup % and VAT % (spec §7)',
      query: calculateSalePriceQuery,
      answer: calculatedPrices,
    }),
    calculateMany: endpoint({
      method: 'POST',
      path: '/incomes/calculate-sale-prices',
      access: 'signedIn',
      summary: 'Sale prices and totals of many positions (spec §7)',
      body: calculateSalePricesBody,
      answer: calculatedPrices,
    }),
  },
  statistics: {
    get: endpoint({
      method: 'GET',
      path: '/incomes/statistics',
      access: 'stock.view',
      summary: 'Received value and quantity by period, producer and warehouse (spec §7)',
      query: incomeStatisticsQuery,
      answer: incomeStatistics,
    }),
  },
};
