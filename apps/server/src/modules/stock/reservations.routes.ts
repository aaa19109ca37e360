import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, listReservationsQuery, reservation, reservationList, reservationPlan, reservationPlanQuery } from '@pharma/contracts';
import { getReservation, listReservations, planReservation, startReservationSweeper } from './reservations.service.js';

/**
 * Reservations of stock (FEFO, all or nothing, holds that expire), read here. They are made and closed
 * only by their documents (decision 021): an order's lines (POST/PUT /api/orders, its moves) and a
 * visit's holds (/api/visits/:id/reservations) — each binds its document, its scope and its state.
 */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reservations'];
  startReservationSweeper(app, app.config.RESERVATION_SWEEP_SECONDS);
  app.get(
    '/',
    {
      config: { access: 'stock.view' },
      schema: { tags, summary: 'Reservations in scope (a rep sees their own)', querystring: listReservationsQuery, response: { 200: reservationList } },
    },
    (req) => listReservations(app.db, req.actor, req.query),
  );
  app.get(
    '/plan',
    {
      config: { access: 'stock.view' },
      schema: { tags, summary: 'What FEFO would reserve now, without reserving', querystring: reservationPlanQuery, response: { 200: reservationPlan } },
    },
    (req) => planReservation(app.db, req.query),
  );
  app.get('/:id', { config: { access: 'stock.view' }, schema: { tags, summary: 'One reservation', params: idParam, response: { 200: reservation } } }, (req) =>
    getReservation(app.db, req.actor, req.params.id),
  );
};
