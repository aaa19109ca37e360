import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { deletePayment, getOrganizationDebt, listOrderPayments, recordPayment } from './payments.service.js';

const { payments } = endpoints.orders;

/** Payments against orders and an organization's debt (issue 6), mounted under /api. */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, payments.list, (req) => listOrderPayments(app.db, req.actor, req.params.id));
  serve(app, payments.record, (req) => recordPayment(app.db, req.actor, req.params.id, req.body));
  serve(app, payments.delete, (req) => deletePayment(app.db, req.actor, req.params.id, req.params.paymentId));
  serve(app, payments.organizationDebt, (req) => getOrganizationDebt(app.db, req.actor, req.params.id));
};
