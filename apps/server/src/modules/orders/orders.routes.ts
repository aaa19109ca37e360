import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeOrderDateBody, createOrderBody, idParam, replaceCounterpartyBody, idempotencyHeader, idempotencyKey, listOrdersQuery, moveOrderBody, order, orderList } from '@pharma/contracts';
import { z } from 'zod';
import { changeOrderDate, createOrder, getOrder, listOrders, moveOrder, replaceCounterparty } from './orders.service.js';

const tags = ['orders'];
const view = { access: 'orders.view' as const };
const edit = { access: 'orders.edit' as const };

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: view, schema: { tags, summary: 'Orders in scope (/orders): status, dates, agent, organization, region, client type; paged and sorted', querystring: listOrdersQuery, response: { 200: orderList } } },
    (req) => listOrders(app.db, req.actor, req.query),
  );
  app.get('/:id', { config: view, schema: { tags, summary: 'One order with its positions and status history (/orders-item)', params: idParam, response: { 200: order } } }, (req) =>
    getOrder(app.db, req.actor, req.params.id),
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
    '/:id/move',
    {
      // the state machine decides per role (the warehouse only views orders but assembles and ships them)
      config: view,
      schema: { tags, summary: 'Move an order to another status by the state machine of packages/contracts (refusal needs a reason)', params: idParam, body: moveOrderBody, response: { 200: order } },
    },
    (req) => moveOrder(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/date',
    { config: edit, schema: { tags, summary: "Change the order's date, the operator's desk ('Order date changed')", params: idParam, body: changeOrderDateBody, response: { 200: order } } },
    (req) => changeOrderDate(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/counterparty',
    {
      config: edit,
      schema: { tags, summary: "Replace the order's counterparty, the operator's desk ('Counterparty successfully replaced')", params: idParam, body: replaceCounterpartyBody, response: { 200: order } },
    },
    (req) => replaceCounterparty(app.db, req.actor, req.params.id, req.body),
  );
};
