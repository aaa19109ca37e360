import { z } from 'zod';
import { endpoint, fileAnswer } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { idempotencyHeader, idempotencyKey } from '../common/offline.js';
import {
  changeOrderDateBody,
  createOrderBody,
  editOrderBody,
  listOrdersQuery,
  moveOrderBody,
  order,
  orderList,
  orderQuote,
  quoteOrderBody,
  replaceCounterpartyBody,
} from '../orders.js';
import { orderHistoryList, orderHistoryQuery } from '../order-history.js';
import { matrix, matrixCellOrders, matrixCellQuery, matrixQuery, orderPlan, savePlanBody } from '../order-matrix.js';
import { orderCredit, orderPayments, organizationDebt, paymentParams, recordPaymentBody } from '../payments.js';
import { orderSpecification, specificationQuery } from '../specification.js';

/** Orders (with /matrix and the specification), their payments, and an organization's debt. */
export const ordersEndpoints = {
  orders: {
    list: endpoint({
      method: 'GET',
      path: '/orders',
      access: 'orders.view',
      summary: 'Orders in scope (/orders): status, dates, agent, organization, region, client type; paged and sorted',
      query: listOrdersQuery,
      answer: orderList,
    }),
    get: endpoint({
      method: 'GET',
      path: '/orders/:id',
      access: 'orders.view',
      summary: 'One order with its positions and status history (/orders-item)',
      params: idParam,
      answer: order,
    }),
    credit: endpoint({
      method: 'GET',
      path: '/orders/:id/credit',
      access: 'orders.view',
      summary: 'What approving the order for shipment would meet (decision 022): the unpaid prepayment, no credit, overdue debt, the limit — with the figures',
      params: idParam,
      answer: orderCredit,
    }),
    create: endpoint({
      method: 'POST',
      path: '/orders',
      access: 'orders.edit',
      summary: "Create an order, reserving stock by FEFO ('Order created'); a retry with the same Idempotency-Key answers the same order with 200",
      description: `An \`${idempotencyHeader}\` header (8–128 characters) makes a retry safe: 201 with the order created, 200 with the same order when this user sent the key before with the same body, 422 IDEMPOTENCY_KEY_REUSED with another body.`,
      body: createOrderBody,
      headers: z.object({ [idempotencyHeader]: idempotencyKey.optional() }),
      answer: order,
      status: 201,
      alsoStatus: 200,
    }),
    quote: endpoint({
      method: 'POST',
      path: '/orders/quote',
      access: 'orders.edit',
      summary: 'Price lines as creating or saving would (FEFO batches, markups, VAT) and keep nothing: the live totals of the order screens',
      body: quoteOrderBody,
      answer: orderQuote,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/orders/:id',
      access: 'orders.edit',
      summary:
        'Edit an order: terms and lines, reserved again by FEFO and repriced (/orders-item-edit, /drugs-table-edit); the agent only a new order, the desk while editable',
      params: idParam,
      body: editOrderBody,
      answer: order,
    }),
    move: endpoint({
      method: 'POST',
      path: '/orders/:id/move',
      // the state machine decides per role (the warehouse only views orders but assembles and ships them)
      access: 'orders.view',
      summary: 'Move an order to another status by the state machine of packages/contracts (refusal needs a reason)',
      params: idParam,
      body: moveOrderBody,
      answer: order,
    }),
    changeDate: endpoint({
      method: 'PUT',
      path: '/orders/:id/date',
      access: 'orders.edit',
      summary: "Change the order's date, the operator's desk ('Order date changed')",
      params: idParam,
      body: changeOrderDateBody,
      answer: order,
    }),
    replaceCounterparty: endpoint({
      method: 'PUT',
      path: '/orders/:id/counterparty',
      access: 'orders.edit',
      summary: "Replace the order's counterparty, the operator's desk ('Counterparty successfully replaced')",
      params: idParam,
      body: replaceCounterpartyBody,
      answer: order,
    }),
  },
  history: {
    list: endpoint({
      method: 'GET',
      path: '/orders/history',
      access: 'orders.view',
      summary:
        "/order-history: every status change of the orders in scope (scoped as the orders list, by the order's agent), newest first: who, when, the order and its client, from → to, the reason; by period (Tashkent days), status moved to, who, client, number",
      query: orderHistoryQuery,
      answer: orderHistoryList,
    }),
    export: endpoint({
      method: 'GET',
      path: '/orders/history.xlsx',
      access: 'orders.view',
      summary: 'The status changes of the same filters as .xlsx (every page; the filters written above the table; at most EXPORT_MAX_ROWS rows)',
      query: orderHistoryQuery,
      answer: fileAnswer,
    }),
  },
  matrix: {
    get: endpoint({
      method: 'GET',
      path: '/orders/matrix',
      access: 'orders.view',
      summary:
        '/matrix: products × organizations of a period of months (at most 12) — ordered packs and sums of orders not cancelled, payments, plans; scoped as orders',
      query: matrixQuery,
      answer: matrix,
    }),
    cellOrders: endpoint({
      method: 'GET',
      path: '/orders/matrix/orders',
      access: 'orders.view',
      summary: "/matrix: one cell's orders (a product of an organization in the period)",
      query: matrixCellQuery,
      answer: matrixCellOrders,
    }),
    savePlan: endpoint({
      method: 'PUT',
      path: '/orders/matrix/plan',
      access: 'orders.edit',
      summary: 'Plan the packs of a product for an organization in a month (organizations of the territories in scope; audited)',
      body: savePlanBody,
      answer: orderPlan,
    }),
  },
  specification: {
    get: endpoint({
      method: 'GET',
      path: '/orders/:id/specification',
      access: 'orders.view',
      summary: "The order's specification (/print): the distributor's and the client's details, positions and totals",
      params: idParam,
      answer: orderSpecification,
    }),
    xlsx: endpoint({
      method: 'GET',
      path: '/orders/:id/specification.xlsx',
      access: 'orders.view',
      summary: "The order's specification as .xlsx, in ?lang= (else the request's language)",
      params: idParam,
      query: specificationQuery,
      answer: fileAnswer,
    }),
    pdf: endpoint({
      method: 'GET',
      path: '/orders/:id/specification.pdf',
      access: 'orders.view',
      summary: "The order's specification as PDF (A4), in ?lang= (else the request's language)",
      params: idParam,
      query: specificationQuery,
      answer: fileAnswer,
    }),
  },
  payments: {
    list: endpoint({
      method: 'GET',
      path: '/orders/:id/payments',
      access: 'orders.view',
      summary: "The order's payments, newest first, with what it still owes",
      params: idParam,
      answer: orderPayments,
    }),
    record: endpoint({
      method: 'POST',
      path: '/orders/:id/payments',
      access: 'orders.edit',
      summary: "Record a payment against the order, the operator's desk (not above what it still owes)",
      params: idParam,
      body: recordPaymentBody,
      answer: orderPayments,
      status: 201,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/orders/:id/payments/:paymentId',
      access: 'orders.delete',
      summary: "Delete a mistaken payment, the operator's desk (audited)",
      params: paymentParams,
      answer: orderPayments,
    }),
    organizationDebt: endpoint({
      method: 'GET',
      path: '/organizations/:id/debt',
      access: 'organizations.view',
      summary: "The organization's debt: total, ageing by days since delivery, overdue by credit days, the credit limit and what is left of it",
      params: idParam,
      answer: organizationDebt,
    }),
  },
};
