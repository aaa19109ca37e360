import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  listReservationsQuery,
  releaseDocumentBody,
  releaseResult,
  reservation,
  reservationList,
  reservationPlan,
  reservationPlanQuery,
  reserveBody,
  reserveResult,
} from '@pharma/contracts';
import { getReservation, listReservations, planReservation, releaseDocument, releaseReservation, reserve, startReservationSweeper } from './reservations.service.js';

/** Reservations of stock for orders and visits (FEFO, all or nothing, holds that expire). */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reservations'];
  startReservationSweeper(app, app.config.RESERVATION_SWEEP_SECONDS);
  app.get(
    '/',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'Reservations in scope (a rep sees their own)', querystring: listReservationsQuery, response: { 200: reservationList } } },
    (req) => listReservations(app.db, req.actor, req.query),
  );
  app.get(
    '/plan',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'What FEFO would reserve now, without reserving', querystring: reservationPlanQuery, response: { 200: reservationPlan } } },
    (req) => planReservation(app.db, req.query),
  );
  app.get(
    '/:id',
    { config: { access: 'stock.view' }, schema: { tags, summary: 'One reservation', params: idParam, response: { 200: reservation } } },
    (req) => getReservation(app.db, req.actor, req.params.id),
  );
  app.post(
    '/',
    { config: { access: 'orders.edit' }, schema: { tags, summary: 'Reserve a quantity of a product by FEFO for a document', body: reserveBody, response: { 201: reserveResult } } },
    async (req, reply) => reply.status(201).send(await reserve(app.db, req.actor, req.body)),
  );
  app.post(
    '/release',
    { config: { access: 'orders.edit' }, schema: { tags, summary: "Release a document's active reservations", body: releaseDocumentBody, response: { 200: releaseResult } } },
    (req) => releaseDocument(app.db, req.actor, req.body),
  );
  app.post(
    '/:id/release',
    { config: { access: 'orders.edit' }, schema: { tags, summary: 'Release one reservation', params: idParam, response: { 200: reservation } } },
    (req) => releaseReservation(app.db, req.actor, req.params.id),
  );
};
