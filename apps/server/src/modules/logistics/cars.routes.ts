import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { getCar, listCars, saveCar } from './cars.service.js';

const { cars } = endpoints.logistics;

export const carsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, cars.list, () => listCars(app.db));
  serve(app, cars.get, (req) => getCar(app.db, req.params.id));
  serve(app, cars.create, (req) => saveCar(app.db, req.actor, req.body));
  serve(app, cars.update, (req) => saveCar(app.db, req.actor, req.body, req.params.id));
};
