import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, queryId, orderPayments, organizationDebt, recordPaymentBody } from '@pharma/contracts';
import { deletePayment, getOrganizationDebt, listOrderPayments, recordPayment } from './payments.service.js';

const tags = ['payments'];
const paymentParams = z.object({ id: queryId(), paymentId: queryId() });

/** Payments against orders and an organization's debt (issue 6), mounted under /api. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/payments',
    {
      config: { access: 'orders.view' },
      schema: { tags, summary: "The order's payments, newest first, with what it still owes", params: idParam, response: { 200: orderPayments } },
    },
    (req) => listOrderPayments(app.db, req.actor, req.params.id),
  );
  app.post(
    '/orders/:id/payments',
    {
      config: { access: 'orders.edit' },
      schema: {
        tags,
        summary: "Record a payment against the order, the operator's desk (not above what it still owes)",
        params: idParam,
        body: recordPaymentBody,
        response: { 201: orderPayments },
      },
    },
    async (req, reply) => reply.status(201).send(await recordPayment(app.db, req.actor, req.params.id, req.body)),
  );
  app.delete(
    '/orders/:id/payments/:paymentId',
    {
      config: { access: 'orders.delete' },
      schema: { tags, summary: "Delete a mistaken payment, the operator's desk (audited)", params: paymentParams, response: { 200: orderPayments } },
    },
    (req) => deletePayment(app.db, req.actor, req.params.id, req.params.paymentId),
  );
  app.get(
    '/organizations/:id/debt',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: "The organization's debt: total, ageing by days since delivery, overdue by credit days, the credit limit and what is left of it",
        params: idParam,
        response: { 200: organizationDebt },
      },
    },
    (req) => getOrganizationDebt(app.db, req.actor, req.params.id),
  );
};
