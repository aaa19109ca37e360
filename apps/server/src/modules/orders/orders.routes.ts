import type { FastifyPluginAsync } from 'fastify';
import { endpoints, idempotencyHeader } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { getOrder, getOrderCredit, listOrders } from './orders.service.js';
import { createOrder, editOrder } from './order-lines.service.js';
import { quoteOrder } from './order-quote.service.js';
import { changeOrderDate, moveOrder, replaceCounterparty } from './order-moves.service.js';
import { getMatrix, getMatrixCellOrders, savePlan } from './order-matrix.service.js';
import { getSpecification } from './specification.service.js';
import { specificationXlsx } from './specification.xlsx.js';
import { specificationPdf } from './specification.pdf.js';
import { listOrderHistory } from './order-history.service.js';
import { exportOrderHistory } from './order-history.xlsx.js';
import { requestLanguage } from '../../platform/error-handler.js';
import { sendXlsx } from '../../platform/xlsx.js';

const { orders, history, matrix, specification } = endpoints.orders;

export const ordersRoutes: FastifyPluginAsync = async (app) => {
  serve(app, orders.list, (req) => listOrders(app.db, req.actor, req.query));
  serve(app, history.list, (req) => listOrderHistory(app.db, req.actor, req.query));
  serve(app, history.export, (req, reply) => exportOrderHistory(reply, app.db, req.actor, req.query, requestLanguage(req)));
  serve(app, matrix.get, (req) => getMatrix(app.db, req.actor, req.query));
  serve(app, matrix.cellOrders, (req) => getMatrixCellOrders(app.db, req.actor, req.query));
  serve(app, matrix.savePlan, (req) => savePlan(app.db, req.actor, req.body));
  serve(app, orders.get, (req) => getOrder(app.db, req.actor, req.params.id));
  serve(app, orders.credit, (req) => getOrderCredit(app.db, req.actor, req.params.id));
  serve(app, specification.get, (req) => getSpecification(app.db, app.config, req.actor, req.params.id));
  serve(app, specification.xlsx, async (req, reply) => {
    const spec = await getSpecification(app.db, app.config, req.actor, req.params.id);
    return sendXlsx(reply, `specification-${fileSafe(spec.order.number)}.xlsx`, await specificationXlsx(spec, req.query.lang ?? requestLanguage(req)));
  });
  serve(app, specification.pdf, async (req, reply) => {
    const spec = await getSpecification(app.db, app.config, req.actor, req.params.id);
    const pdf = await specificationPdf(spec, req.query.lang ?? requestLanguage(req));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="specification-${fileSafe(spec.order.number)}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  serve(app, orders.create, async (req, reply) => {
    const key = req.declaredHeaders[idempotencyHeader];
    const { order, created } = await createOrder(app.db, req.actor, req.body, key?.trim() || undefined);
    // a retry with a key already seen answers the same order with 200
    if (!created) reply.code(200);
    return order;
  });
  serve(app, orders.quote, (req) => quoteOrder(app.db, req.actor, req.body));
  serve(app, orders.update, (req) => editOrder(app.db, req.actor, req.params.id, req.body));
  serve(app, orders.move, (req) => moveOrder(app.db, req.actor, req.params.id, req.body));
  serve(app, orders.changeDate, (req) => changeOrderDate(app.db, req.actor, req.params.id, req.body));
  serve(app, orders.replaceCounterparty, (req) => replaceCounterparty(app.db, req.actor, req.params.id, req.body));
};

/** An order number as a file name (ASCII letters, digits, dashes). */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');
