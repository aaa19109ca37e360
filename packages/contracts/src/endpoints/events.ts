import { endpoint, fileAnswer } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { calendarEvent, eventBody, eventCalendar, eventsFeedQuery, listEventsQuery, respondEventBody } from '../events.js';

/** The events calendar (issue 17 item 4): my events and invitations, each also as iCalendar. */
export const eventsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/events',
    access: 'events.view',
    summary: 'The occurrences of my events (organized or invited; a chief: also the team’s) between two business dates',
    query: listEventsQuery,
    answer: eventCalendar,
  }),
  feed: endpoint({
    method: 'GET',
    path: '/events/calendar.ics',
    access: 'events.view',
    summary: 'My events with an occurrence between two business dates, as iCalendar (text/calendar)',
    query: eventsFeedQuery,
    answer: fileAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/events/:id',
    access: 'events.view',
    summary: 'One event with its participants',
    params: idParam,
    answer: calendarEvent,
  }),
  ics: endpoint({
    method: 'GET',
    path: '/events/:id/ics',
    access: 'events.view',
    summary: 'One event as iCalendar (text/calendar)',
    params: idParam,
    answer: fileAnswer,
  }),
  create: endpoint({
    method: 'POST',
    path: '/events',
    access: 'events.edit',
    summary: 'Organize an event: each participant (oneself or people in one’s team) is invited',
    body: eventBody,
    answer: calendarEvent,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/events/:id',
    access: 'events.edit',
    summary: 'Change an event (its organizer); new participants are invited',
    params: idParam,
    body: eventBody,
    answer: calendarEvent,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/events/:id/cancel',
    access: 'events.edit',
    summary: 'Cancel an event (its organizer)',
    params: idParam,
    answer: calendarEvent,
  }),
  respond: endpoint({
    method: 'POST',
    path: '/events/:id/respond',
    access: 'events.view',
    summary: 'Accept or decline an invitation (a participant)',
    params: idParam,
    body: respondEventBody,
    answer: calendarEvent,
  }),
};
