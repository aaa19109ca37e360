import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { car, idParam, saveCarBody } from '@pharma/contracts';
import { getCar, listCars, saveCar } from './cars.service.js';

export const carsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['logistics'];
  app.get('/', { config: { access: 'logistics.view' }, schema: { tags, summary: 'The fleet: every car, active first', response: { 200: z.array(car) } } }, () =>
    listCars(app.db),
  );
  app.get('/:id', { config: { access: 'logistics.view' }, schema: { tags, summary: 'One car', params: idParam, response: { 200: car } } }, (req) =>
    getCar(app.db, req.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'logistics.edit' },
      schema: { tags, summary: 'Add a car (plate unique, capacity in kg and boxes)', body: saveCarBody, response: { 201: car } },
    },
    async (req, reply) => reply.status(201).send(await saveCar(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'logistics.edit' }, schema: { tags, summary: 'Edit or deactivate a car', params: idParam, body: saveCarBody, response: { 200: car } } },
    (req) => saveCar(app.db, req.actor, req.body, req.params.id),
  );
};
