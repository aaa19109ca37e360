import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeOrderDateBody,
  createOrderBody,
  editOrderBody,
  orderQuote,
  quoteOrderBody,
  idParam,
  replaceCounterpartyBody,
  idempotencyHeader,
  idempotencyKey,
  listOrdersQuery,
  moveOrderBody,
  order,
  orderList,
} from '@pharma/contracts';
import { z } from 'zod';
import { changeOrderDate, createOrder, editOrder, quoteOrder, getOrder, getOrderCredit, listOrders, moveOrder, replaceCounterparty } from './orders.service.js';
import { matrix, matrixCellOrders, matrixCellQuery, matrixQuery, orderPlan, savePlanBody } from '@pharma/contracts';
import { getMatrix, getMatrixCellOrders, savePlan } from './order-matrix.service.js';
import { orderCredit, orderSpecification, specificationQuery } from '@pharma/contracts';
import { getSpecification } from './specification.service.js';
import { specificationXlsx } from './specification.xlsx.js';
import { specificationPdf } from './specification.pdf.js';
import { requestLanguage } from '../../platform/error-handler.js';
import { sendXlsx } from '../../platform/xlsx.js';

const tags = ['orders'];
const view = { access: 'orders.view' as const };
const edit = { access: 'orders.edit' as const };

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: view,
      schema: {
        tags,
        summary: 'Orders in scope (/orders): status, dates, agent, organization, region, client type; paged and sorted',
        querystring: listOrdersQuery,
        response: { 200: orderList },
      },
    },
    (req) => listOrders(app.db, req.actor, req.query),
  );
  app.get(
    '/matrix',
    {
      config: view,
      schema: {
        tags,
        summary:
          '/matrix: products × organizations of a period of months (at most 12) — ordered packs and sums of orders not cancelled, payments, plans; scoped as orders',
        querystring: matrixQuery,
        response: { 200: matrix },
      },
    },
    (req) => getMatrix(app.db, req.actor, req.query),
  );
  app.get(
    '/matrix/orders',
    {
      config: view,
      schema: {
        tags,
        summary: "/matrix: one cell's orders (a product of an organization in the period)",
        querystring: matrixCellQuery,
        response: { 200: matrixCellOrders },
      },
    },
    (req) => getMatrixCellOrders(app.db, req.actor, req.query),
  );
  app.put(
    '/matrix/plan',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Plan the packs of a product for an organization in a month (organizations of the territories in scope; audited)',
        body: savePlanBody,
        response: { 200: orderPlan },
      },
    },
    (req) => savePlan(app.db, req.actor, req.body),
  );
  app.get(
    '/:id',
    { config: view, schema: { tags, summary: 'One order with its positions and status history (/orders-item)', params: idParam, response: { 200: order } } },
    (req) => getOrder(app.db, req.actor, req.params.id),
  );
  app.get(
    '/:id/credit',
    {
      config: view,
      schema: {
        tags,
        summary:
          'What approving the order for shipment would meet (decision 022): the unpaid prepayment, no credit, overdue debt, the limit — with the figures',
        params: idParam,
        response: { 200: orderCredit },
      },
    },
    (req) => getOrderCredit(app.db, req.actor, req.params.id),
  );
  app.get(
    '/:id/specification',
    {
      config: view,
      schema: {
        tags,
        summary: "The order's specification (/print): the distributor's and the client's details, positions and totals",
        params: idParam,
        response: { 200: orderSpecification },
      },
    },
    (req) => getSpecification(app.db, app.config, req.actor, req.params.id),
  );
  app.get(
    '/:id/specification.xlsx',
    {
      config: view,
      schema: {
        tags,
        summary: "The order's specification as .xlsx, in ?lang= (else the request's language)",
        params: idParam,
        querystring: specificationQuery,
      },
    },
    async (req, reply) => {
      const spec = await getSpecification(app.db, app.config, req.actor, req.params.id);
      return sendXlsx(reply, `specification-${fileSafe(spec.order.number)}.xlsx`, await specificationXlsx(spec, req.query.lang ?? requestLanguage(req)));
    },
  );
  app.get(
    '/:id/specification.pdf',
    {
      config: view,
      schema: {
        tags,
        summary: "The order's specification as PDF (A4), in ?lang= (else the request's language)",
        params: idParam,
        querystring: specificationQuery,
      },
    },
    async (req, reply) => {
      const spec = await getSpecification(app.db, app.config, req.actor, req.params.id);
      const pdf = await specificationPdf(spec, req.query.lang ?? requestLanguage(req));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="specification-${fileSafe(spec.order.number)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
  app.post(
    '/',
    {
      config: edit,
      schema: {
        tags,
        summary: "Create an order, reserving stock by FEFO ('Order created'); a retry with the same Idempotency-Key answers the same order with 200",
        headers: z.object({ [idempotencyHeader]: idempotencyKey.optional() }).passthrough(),
        body: createOrderBody,
        response: { 200: order, 201: order },
      },
    },
    async (req, reply) => {
      const key = req.headers[idempotencyHeader] as string | undefined;
      const { order: answer, created } = await createOrder(app.db, req.actor, req.body, key?.trim() || undefined);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );
  app.post(
    '/quote',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Price lines as creating or saving would (FEFO batches, markups, VAT) and keep nothing: the live totals of the order screens',
        body: quoteOrderBody,
        response: { 200: orderQuote },
      },
    },
    (req) => quoteOrder(app.db, req.actor, req.body),
  );
  app.put(
    '/:id',
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Edit an order: terms and lines, reserved again by FEFO and repriced (/orders-item-edit, /drugs-table-edit); the agent only a new order, the desk while editable',
        params: idParam,
        body: editOrderBody,
        response: { 200: order },
      },
    },
    (req) => editOrder(app.db, req.actor, req.params.id, req.body),
  );
  app.post(
    '/:id/move',
    {
      // the state machine decides per role (the warehouse only views orders but assembles and ships them)
      config: view,
      schema: {
        tags,
        summary: 'Move an order to another status by the state machine of packages/contracts (refusal needs a reason)',
        params: idParam,
        body: moveOrderBody,
        response: { 200: order },
      },
    },
    (req) => moveOrder(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/date',
    {
      config: edit,
      schema: {
        tags,
        summary: "Change the order's date, the operator's desk ('Order date changed')",
        params: idParam,
        body: changeOrderDateBody,
        response: { 200: order },
      },
    },
    (req) => changeOrderDate(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/counterparty',
    {
      config: edit,
      schema: {
        tags,
        summary: "Replace the order's counterparty, the operator's desk ('Counterparty successfully replaced')",
        params: idParam,
        body: replaceCounterpartyBody,
        response: { 200: order },
      },
    },
    (req) => replaceCounterparty(app.db, req.actor, req.params.id, req.body),
  );
};

/** An order number as a file name (ASCII letters, digits, dashes). */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');
