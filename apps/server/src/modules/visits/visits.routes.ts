import { startSweep } from '../../platform/sweep.js';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { actionTimeOf } from '../../platform/offline/offline-writes.js';
import { currentVisit, getVisit, listVisits, visitCalendar as calendar, visitsOfDay } from './visits.service.js';
import { addVisitDoctor, questionableVisits, rateVisit, reviewVisit, saveDrugResults, saveRemainders } from './visit-results.service.js';
import { cancelVisit, completeVisit, markOverdueVisits, planVisit, startVisit, updateVisit } from './visit-plan.service.js';
import { addPreOrder, addReservation, removePreOrder, removeReservation, visitOrder } from './visit-order.service.js';
import { organizationHistory } from './visit-history.service.js';
import { offlineDay } from './offline-day.service.js';
import { organizationSuggestedOrder } from './suggested-order.service.js';
import { startVisitReminders } from './visit-reminders.service.js';

const { visits, order } = endpoints.visits;

/** Marks overdue visits every minute while the app runs (tests call markOverdueVisits with their own clock). */
function startOverdueSweeper(app: FastifyInstance, everySeconds = 60) {
  if (app.config.NODE_ENV === 'test') return;
  startSweep(app, 'visits marked overdue', everySeconds, () => markOverdueVisits(app.db, new Date()));
}

export const visitsRoutes: FastifyPluginAsync = async (app) => {
  startOverdueSweeper(app);
  startVisitReminders(app, app.config.VISIT_REMINDER_SWEEP_SECONDS, app.config.VISIT_REMINDER_MINUTES);
  serve(app, visits.list, (req) => listVisits(app.db, req.actor, req.query));
  serve(app, visits.calendar, (req) => calendar(app.db, req.actor, req.query.month, req.query.representativeId));
  serve(app, visits.day, (req) => visitsOfDay(app.db, req.actor, req.params.date));
  serve(app, visits.offlineDay, (req) => offlineDay(app.db, req.actor, req.query.days, app.config.VISIT_HOLD_HOURS));
  serve(app, visits.current, (req) => currentVisit(app.db, req.actor, req.query.organizationId));
  serve(app, visits.questionable, (req) => questionableVisits(app.db, req.actor, req.query));
  serve(app, visits.organizationHistory, (req) => organizationHistory(app.db, req.actor, req.params.organizationId, req.query));
  serve(app, visits.get, (req) => getVisit(app.db, req.actor, req.params.id));
  serve(app, visits.plan, (req) => planVisit(app.db, req.actor, req.body));
  serve(app, visits.update, (req) => updateVisit(app.db, req.actor, req.params.id, req.body));
  serve(app, visits.start, (req) => startVisit(app.db, req.actor, req.params.id, req.body.position, actionTimeOf(req)));
  serve(app, visits.complete, (req) => completeVisit(app.db, req.actor, req.params.id, req.body.position, actionTimeOf(req)));
  serve(app, visits.cancel, (req) => cancelVisit(app.db, req.actor, req.params.id, req.body.reason));
  serve(app, visits.addDoctor, (req) => addVisitDoctor(app.db, req.actor, req.params.id, req.body.doctorId));
  serve(app, visits.saveDrugResults, (req) => saveDrugResults(app.db, req.actor, req.params.id, req.body));
  serve(app, visits.saveRemainders, (req) => saveRemainders(app.db, req.actor, req.params.id, req.body));
  serve(app, visits.review, (req) => reviewVisit(app.db, req.actor, req.params.id, req.body));
  serve(app, visits.rate, (req) => rateVisit(app.db, req.actor, req.params.id, req.body));

  // ---- reservations, pre-orders and the suggested order during a visit
  const hold = () => app.config.VISIT_HOLD_HOURS;
  serve(app, order.testOrder, (req) => organizationSuggestedOrder(app.db, req.actor, req.query.organizationId));
  serve(app, order.get, (req) => visitOrder(app.db, req.actor, req.params.id, hold()));
  serve(app, order.reserve, (req) => addReservation(app.db, req.actor, req.params.id, req.body, hold(), app.config.RESERVATION_HOLD_MAX_UNITS));
  serve(app, order.release, (req) => removeReservation(app.db, req.actor, req.params.id, req.params.reservationId, hold()));
  serve(app, order.addPreOrder, (req) => addPreOrder(app.db, req.actor, req.params.id, req.body, hold()));
  serve(app, order.removePreOrder, (req) => removePreOrder(app.db, req.actor, req.params.id, req.params.productId, hold()));
};
