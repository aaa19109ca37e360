import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { createDoctor, deleteDoctor, getDoctor, listDoctors, setFavoriteDoctor, updateDoctor } from './doctors.service.js';

const doctors = endpoints.doctors;

export const doctorsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, doctors.list, (req) => listDoctors(app.db, req.actor, req.query));
  serve(app, doctors.get, (req) => getDoctor(app.db, req.actor, req.params.id));
  serve(app, doctors.create, (req) => createDoctor(app.db, req.actor, req.body));
  serve(app, doctors.update, (req) => updateDoctor(app.db, req.actor, req.params.id, req.body));
  serve(app, doctors.delete, (req) => deleteDoctor(app.db, req.actor, req.params.id));
  serve(app, doctors.addFavorite, (req) => setFavoriteDoctor(app.db, req.actor, req.params.id, true));
  serve(app, doctors.removeFavorite, (req) => setFavoriteDoctor(app.db, req.actor, req.params.id, false));
};
