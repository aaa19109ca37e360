import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { cancelEvent, createEvent, eventIcs, eventsFeed, getEvent, listEvents, respondToEvent, updateEvent } from './events.service.js';

const e = endpoints.events;

/** iCalendar as a download (RFC 5545's media type). */
const sendIcs = (reply: FastifyReply, fileName: string, text: string) =>
  reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(text);

export const eventsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, e.list, (req) => listEvents(app.db, req.actor, req.query));
  serve(app, e.feed, async (req, reply) => sendIcs(reply, `events-${req.query.from}.ics`, await eventsFeed(app.db, req.actor, req.query)));
  serve(app, e.get, (req) => getEvent(app.db, req.actor, req.params.id));
  serve(app, e.ics, async (req, reply) => sendIcs(reply, `event-${req.params.id}.ics`, await eventIcs(app.db, req.actor, req.params.id)));
  serve(app, e.create, (req) => createEvent(app.db, req.actor, req.body));
  serve(app, e.update, (req) => updateEvent(app.db, req.actor, req.params.id, req.body));
  serve(app, e.cancel, (req) => cancelEvent(app.db, req.actor, req.params.id));
  serve(app, e.respond, (req) => respondToEvent(app.db, req.actor, req.params.id, req.body.response));
};
