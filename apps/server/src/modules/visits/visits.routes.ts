import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addVisitDoctorBody,
  cancelVisitBody,
  currentVisit as currentVisitAnswer,
  currentVisitQuery,
  organizationHistory as organizationHistoryAnswer,
  organizationHistoryQuery,
  questionableVisitsQuery,
  reviewVisitBody,
  visitOrder as visitOrderAnswer,
  visitOrderLineBody,
  visitRatingBody,
  visitReminders as visitRemindersAnswer,
  drugResultsBody,
  idParam,
  queryId,
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
  currentVisit,
  getVisit,
  listVisits,
  markOverdueVisits,
  planVisit,
  questionableVisits,
  rateVisit,
  reviewVisit,
  saveDrugResults,
  saveRemainders,
  startVisit,
  updateVisit,
  visitCalendar as calendar,
  visitReminders,
  visitsOfDay,
} from './visits.service.js';
import { addPreOrder, addReservation, removePreOrder, removeReservation, visitOrder } from './visit-order.service.js';
import { organizationHistory } from './visit-history.service.js';

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
    {
      config: view,
      schema: {
        tags,
        summary: 'Visits in scope: date range, representative, organization, status',
        querystring: listVisitsQuery,
        response: { 200: visitList },
      },
    },
    (req) => listVisits(app.db, req.actor, req.query),
  );
  app.get(
    '/calendar',
    {
      config: view,
      schema: { tags, summary: 'Visit calendar: counts per day of a month (/visits)', querystring: visitCalendarQuery, response: { 200: visitCalendar } },
    },
    (req) => calendar(app.db, req.actor, req.query.month, req.query.representativeId),
  );
  app.get(
    '/day/:date',
    { config: view, schema: { tags, summary: "One day's visits (/visits/:date)", params: visitDayParam, response: { 200: z.array(visitSummary) } } },
    (req) => visitsOfDay(app.db, req.actor, req.params.date),
  );
  app.get(
    '/reminders',
    {
      config: view,
      schema: {
        tags,
        summary: "The signed-in rep's planned visits starting within VISIT_REMINDER_MINUTES (in-app reminder)",
        response: { 200: visitRemindersAnswer },
      },
    },
    (req) => visitReminders(app.db, req.actor, app.config.VISIT_REMINDER_MINUTES),
  );
  app.get(
    '/current',
    {
      config: view,
      schema: {
        tags,
        summary: "The signed-in rep's visit at an organization: in progress, else today's planned/overdue nearest to now",
        querystring: currentVisitQuery,
        response: { 200: currentVisitAnswer },
      },
    },
    (req) => currentVisit(app.db, req.actor, req.query.organizationId),
  );
  app.get(
    '/questionable',
    {
      config: edit,
      schema: {
        tags,
        summary: "Questionable visits of the manager's team (never their own): pending, accepted or rejected",
        querystring: questionableVisitsQuery,
        response: { 200: visitList },
      },
    },
    (req) => questionableVisits(app.db, req.actor, req.query),
  );
  app.get(
    '/organizations/:organizationId/history',
    {
      config: view,
      schema: {
        tags,
        summary: "One organization's visits and statistics over a period (/history/:id)",
        params: z.object({ organizationId: queryId() }),
        querystring: organizationHistoryQuery,
        response: { 200: organizationHistoryAnswer },
      },
    },
    (req) => organizationHistory(app.db, req.actor, req.params.organizationId, req.query),
  );
  app.get(
    '/:id',
    { config: view, schema: { tags, summary: 'One visit with doctors, drug results and remainders', params: idParam, response: { 200: visit } } },
    (req) => getVisit(app.db, req.actor, req.params.id),
  );
  app.post(
    '/',
    { config: edit, schema: { tags, summary: "Plan a visit ('Visit successfully created')", body: planVisitBody, response: { 201: visit } } },
    async (req, reply) => reply.status(201).send(await planVisit(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    {
      config: edit,
      schema: { tags, summary: "Edit a visit not yet started ('Visit successfully updated')", params: idParam, body: planVisitBody, response: { 200: visit } },
    },
    (req) => updateVisit(app.db, req.actor, req.params.id, req.body),
  );
  app.post(
    '/:id/start',
    { config: edit, schema: { tags, summary: 'Start a visit (geolocation required)', params: idParam, body: visitPositionBody, response: { 200: visit } } },
    (req) => startVisit(app.db, req.actor, req.params.id, req.body.position),
  );
  app.post(
    '/:id/complete',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Complete a visit (geolocation required); computes the visit-proof score',
        params: idParam,
        body: visitPositionBody,
        response: { 200: visit },
      },
    },
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
    {
      config: edit,
      schema: {
        tags,
        summary: 'Discussed drugs: attitude and medication status per doctor met',
        params: idParam,
        body: drugResultsBody,
        response: { 200: visit },
      },
    },
    (req) => saveDrugResults(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/remainders',
    {
      config: edit,
      schema: { tags, summary: 'Remainders counted per product (/removing-residues/:id)', params: idParam, body: remaindersBody, response: { 200: visit } },
    },
    (req) => saveRemainders(app.db, req.actor, req.params.id, req.body),
  );
  app.post(
    '/:id/review',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Accept or reject a questionable visit (its rep’s manager only)',
        params: idParam,
        body: reviewVisitBody,
        response: { 200: visit },
      },
    },
    (req) => reviewVisit(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/rating',
    {
      config: edit,
      schema: {
        tags,
        summary: "The organization's 5-star rating on a completed visit ('Rating saved successfully!')",
        params: idParam,
        body: visitRatingBody,
        response: { 200: visit },
      },
    },
    (req) => rateVisit(app.db, req.actor, req.params.id, req.body),
  );

  // ---- reservations, pre-orders and the suggested order during a visit
  const hold = () => app.config.VISIT_HOLD_HOURS;
  const reservationParams = z.object({ id: queryId(), reservationId: queryId() });
  const preOrderParams = z.object({ id: queryId(), productId: queryId() });
  app.get(
    '/:id/order',
    {
      config: view,
      schema: {
        tags,
        summary: "The visit's reservations and pre-orders, and the suggested order from the remainders' sell-out",
        params: idParam,
        response: { 200: visitOrderAnswer },
      },
    },
    (req) => visitOrder(app.db, req.actor, req.params.id, hold()),
  );
  app.post(
    '/:id/reservations',
    {
      config: edit,
      schema: {
        tags,
        summary:
          "Reserve a product (FEFO) for the visited organization; the hold lasts VISIT_HOLD_HOURS, the rep's holds stay within RESERVATION_HOLD_MAX_UNITS",
        params: idParam,
        body: visitOrderLineBody,
        response: { 200: visitOrderAnswer },
      },
    },
    (req) => addReservation(app.db, req.actor, req.params.id, req.body, hold(), app.config.RESERVATION_HOLD_MAX_UNITS),
  );
  app.delete(
    '/:id/reservations/:reservationId',
    { config: edit, schema: { tags, summary: "Release one of the visit's reservations", params: reservationParams, response: { 200: visitOrderAnswer } } },
    (req) => removeReservation(app.db, req.actor, req.params.id, req.params.reservationId, hold()),
  );
  app.post(
    '/:id/pre-orders',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Take a pre-order of a product (no stock needed)',
        params: idParam,
        body: visitOrderLineBody,
        response: { 200: visitOrderAnswer },
      },
    },
    (req) => addPreOrder(app.db, req.actor, req.params.id, req.body, hold()),
  );
  app.delete(
    '/:id/pre-orders/:productId',
    { config: edit, schema: { tags, summary: 'Remove a pre-order line', params: preOrderParams, response: { 200: visitOrderAnswer } } },
    (req) => removePreOrder(app.db, req.actor, req.params.id, req.params.productId, hold()),
  );
};
