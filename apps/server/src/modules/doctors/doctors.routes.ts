import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { doctor, doctorList, idParam, listDoctorsQuery, saveDoctorBody } from '@pharma/contracts';
import { createDoctor, deleteDoctor, getDoctor, listDoctors, setFavoriteDoctor, updateDoctor } from './doctors.service.js';

const tags = ['doctors'];

export const doctorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: "Doctors: an organization's (/choose-doctor), favorites (/favorites), search in either script",
        querystring: listDoctorsQuery,
        response: { 200: doctorList },
      },
    },
    (req) => listDoctors(app.db, req.actor, req.query),
  );
  app.get(
    '/:id',
    { config: { access: 'organizations.view' }, schema: { tags, summary: 'One doctor (/favorite/:id)', params: idParam, response: { 200: doctor } } },
    (req) => getDoctor(app.db, req.actor, req.params.id),
  );
  app.post(
    '/',
    { config: { access: 'organizations.edit' }, schema: { tags, summary: 'Add a doctor to an organization', body: saveDoctorBody, response: { 201: doctor } } },
    async (req, reply) => reply.status(201).send(await createDoctor(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'organizations.edit' }, schema: { tags, summary: 'Edit a doctor', params: idParam, body: saveDoctorBody, response: { 200: doctor } } },
    (req) => updateDoctor(app.db, req.actor, req.params.id, req.body),
  );
  app.delete(
    '/:id',
    { config: { access: 'organizations.delete' }, schema: { tags, summary: 'Delete a doctor', params: idParam, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteDoctor(app.db, req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/:id/favorite',
    { config: { access: 'organizations.view' }, schema: { tags, summary: "Add to the user's favorite doctors", params: idParam, response: { 204: z.null() } } },
    async (req, reply) => {
      await setFavoriteDoctor(app.db, req.actor, req.params.id, true);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/:id/favorite',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: "Remove from the user's favorite doctors", params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await setFavoriteDoctor(app.db, req.actor, req.params.id, false);
      return reply.status(204).send(null);
    },
  );
};
