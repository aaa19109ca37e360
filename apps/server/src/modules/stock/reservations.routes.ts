import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { getReservation, listReservations, planReservation, startReservationSweeper } from './reservations.service.js';

const { reservations } = endpoints.stock;

/**
 * Reservations of stock (FEFO, all or nothing, holds that expire), read here. They are made and closed
 * only by their documents (decision 021): an order's lines (POST/PUT /api/orders, its moves) and a
 * visit's holds (/api/visits/:id/reservations) — each binds its document, its scope and its state.
 */
export const reservationsRoutes: FastifyPluginAsync = async (app) => {
  startReservationSweeper(app, app.config.RESERVATION_SWEEP_SECONDS);
  serve(app, reservations.list, (req) => listReservations(app.db, req.actor, req.query));
  serve(app, reservations.plan, (req) => planReservation(app.db, req.query));
  serve(app, reservations.get, (req) => getReservation(app.db, req.actor, req.params.id));
};
