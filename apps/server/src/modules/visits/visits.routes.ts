import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addVisitDoctorBody,
  cancelVisitBody,
  drugResultsBody,
  idParam,
  listVisitsQuery,
  planVisitBody,
  remaindersBody,
  visit,
  visitCalendar,
  visitCalendarQuery,
  visitDayParam,
  visitList,
  visitPositionBody,
  visitSummary,
} from '@pharma/contracts';
import {
  addVisitDoctor,
  cancelVisit,
  completeVisit,
  getVisit,
  listVisits,
  markOverdueVisits,
  planVisit,
  saveDrugResults,
  saveRemainders,
  startVisit,
  updateVisit,
  visitCalendar as calendar,
  visitsOfDay,
} from './visits.service.js';

const tags = ['visits'];
const view = { access: 'visits.view' as const };
const edit = { access: 'visits.edit' as const };

/** Marks overdue visits every minute while the app runs (tests call markOverdueVisits with their own clock). */
function startOverdueSweeper(app: FastifyInstance, everySeconds = 60) {
  if (app.config.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      markOverdueVisits(app.db, new Date())
        .then(({ marked }) => marked && app.log.info({ marked }, 'visits marked overdue'))
        .catch((error) => app.log.error({ err: error }, 'marking overdue visits failed'));
    }, everySeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  startOverdueSweeper(app);
  app.get(
    '/',
    { config: view, schema: { tags, summary: 'Visits in scope: date range, representative, organization, status', querystring: listVisitsQuery, response: { 200: visitList } } },
    (req) => listVisits(app.db, req.actor, req.query),
  );
  app.get(
    '/calendar',
    { config: view, schema: { tags, summary: 'Visit calendar: counts per day of a month (/visits)', querystring: visitCalendarQuery, response: { 200: visitCalendar } } },
    (req) => calendar(app.db, req.actor, req.query.month, req.query.representativeId),
  );
  app.get(
    '/day/:date',
    { config: view, schema: { tags, summary: "One day's visits (/visits/:date)", params: visitDayParam, response: { 200: z.array(visitSummary) } } },
    (req) => visitsOfDay(app.db, req.actor, req.params.date),
  );
  app.get('/:id', { config: view, schema: { tags, summary: 'One visit with doctors, drug results and remainders', params: idParam, response: { 200: visit } } }, (req) =>
    getVisit(app.db, req.actor, req.params.id),
  );
  app.post(
    '/',
    { config: edit, schema: { tags, summary: "Plan a visit ('Visit successfully created')", body: planVisitBody, response: { 201: visit } } },
    async (req, reply) => reply.status(201).send(await planVisit(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: edit, schema: { tags, summary: "Edit a visit not yet started ('Visit successfully updated')", params: idParam, body: planVisitBody, response: { 200: visit } } },
    (req) => updateVisit(app.db, req.actor, req.params.id, req.body),
  );
  app.post(
    '/:id/start',
    { config: edit, schema: { tags, summary: 'Start a visit (geolocation required)', params: idParam, body: visitPositionBody, response: { 200: visit } } },
    (req) => startVisit(app.db, req.actor, req.params.id, req.body.position),
  );
  app.post(
    '/:id/complete',
    { config: edit, schema: { tags, summary: 'Complete a visit (geolocation required); computes the visit-proof score', params: idParam, body: visitPositionBody, response: { 200: visit } } },
    (req) => completeVisit(app.db, req.actor, req.params.id, req.body.position),
  );
  app.post(
    '/:id/cancel',
    { config: edit, schema: { tags, summary: 'Cancel a visit', params: idParam, body: cancelVisitBody, response: { 200: visit } } },
    (req) => cancelVisit(app.db, req.actor, req.params.id, req.body.reason),
  );
  app.post(
    '/:id/doctors',
    { config: edit, schema: { tags, summary: 'Add a doctor met (once per visit)', params: idParam, body: addVisitDoctorBody, response: { 200: visit } } },
    (req) => addVisitDoctor(app.db, req.actor, req.params.id, req.body.doctorId),
  );
  app.put(
    '/:id/drug-results',
    { config: edit, schema: { tags, summary: 'Discussed drugs: attitude and medication status per doctor met', params: idParam, body: drugResultsBody, response: { 200: visit } } },
    (req) => saveDrugResults(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/remainders',
    { config: edit, schema: { tags, summary: 'Remainders counted per product (/removing-residues/:id)', params: idParam, body: remaindersBody, response: { 200: visit } } },
    (req) => saveRemainders(app.db, req.actor, req.params.id, req.body),
  );
};
