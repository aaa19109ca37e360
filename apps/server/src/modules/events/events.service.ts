import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  addDays,
  businessDate,
  icsCalendar,
  occurrencesOf,
  type CalendarEvent,
  type EventCalendar,
  type EventOccurrence,
  type eventBody,
  type eventsFeedQuery,
  type IcsEvent,
  type listEventsQuery,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { inScope } from '../../platform/scope.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import { notify } from '../notifications/notifications.service.js';
import { organizations } from '../organizations/organizations.table.js';
import { users } from '../users/users.table.js';
import { eventParticipants, events } from './events.table.js';

/** The host part of an event's iCalendar UID: stable, so a calendar that imported it twice updates it. */
const uidHost = 'events.pharma-field';
const organizer = alias(users, 'organizer');
const mine = alias(eventParticipants, 'mine');

const invited = (user: SQL | number) => sql`exists (select 1 from ${eventParticipants} p where p.event_id = ${events.id} and p.user_id = ${user})`;

/**
 * The events a user sees: those they organize or are invited to; with `team`, also those whose organizer
 * or a participant is in their scope — the tasks module's rule (a chief sees the team's, an admin all).
 */
function visible(actor: Actor, who: 'me' | 'team'): SQL | undefined {
  const own = or(eq(events.organizerId, actor.id), invited(actor.id));
  if (who === 'me') return own;
  const organizerInScope = inScope(actor, events.organizerId);
  if (!organizerInScope) return undefined;
  return or(own, organizerInScope, sql`exists (select 1 from ${eventParticipants} p where p.event_id = ${events.id} and ${inScope(actor, sql`p.user_id`)})`);
}

const columns = {
  id: events.id,
  title: events.title,
  description: events.description,
  place: events.place,
  colour: events.colour,
  startsAt: isoInstant(events.startsAt),
  endsAt: isoInstant(events.endsAt),
  allDay: events.allDay,
  repeat: events.repeat,
  repeatUntil: events.repeatUntil,
  repeatCount: events.repeatCount,
  exceptions: events.exceptions,
  organizerId: events.organizerId,
  organizerName: organizer.fullName,
  organizationId: events.organizationId,
  organizationName: organizations.name,
  myResponse: mine.response,
  cancelledAt: sql<string | null>`case when ${events.cancelledAt} is null then null else ${isoInstant(events.cancelledAt)} end`,
  createdAt: isoInstant(events.createdAt),
  updatedAt: isoInstant(events.updatedAt),
};

function selectEvents(db: Tx, actor: Actor) {
  return db
    .select(columns)
    .from(events)
    .innerJoin(organizer, eq(organizer.id, events.organizerId))
    .leftJoin(organizations, eq(organizations.id, events.organizationId))
    .leftJoin(mine, and(eq(mine.eventId, events.id), eq(mine.userId, actor.id)));
}
type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

/** The events with an occurrence between two business dates (both included): not cancelled, started before the range ends. */
async function eventsBetween(db: Tx, actor: Actor, from: string, to: string, who: 'me' | 'team') {
  const [fromAt, toAt] = [dayStart(from), dayStart(addDays(to, 1))];
  const rows = await selectEvents(db, actor)
    .where(
      and(
        visible(actor, who),
        sql`${events.cancelledAt} is null`,
        sql`${events.startsAt} < ${toAt.toISOString()}`,
        sql`(${events.endsAt} > ${fromAt.toISOString()} or ${events.repeat} <> 'none')`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((row) => ({ row, occurrences: occurrencesOf(row, fromAt, toAt) })).filter((e) => e.occurrences.length);
}

/** GET /api/events: each occurrence in the range, in order (a repeat expanded here, decision 047). */
export async function listEvents(db: Db, actor: Actor, query: z.output<typeof listEventsQuery>): Promise<EventCalendar> {
  const found = await eventsBetween(db, actor, query.from, query.to, query.who);
  const items: EventOccurrence[] = found.flatMap(({ row, occurrences }) =>
    occurrences.map((o) => ({
      eventId: row.id,
      title: row.title,
      colour: row.colour,
      place: row.place,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      allDay: row.allDay,
      repeat: row.repeat,
      organizerId: row.organizerId,
      organizerName: row.organizerName,
      myResponse: row.myResponse,
    })),
  );
  items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.eventId - b.eventId);
  return { from: query.from, to: query.to, items };
}

async function eventRow(db: Tx, actor: Actor, id: number): Promise<EventRow> {
  const [row] = await selectEvents(db, actor).where(and(eq(events.id, id), visible(actor, 'team')));
  if (!row) throw notFound();
  return row;
}

/** GET /api/events/:id: whoever sees it (organizer, participants, a manager over them). */
export async function getEvent(db: Tx, actor: Actor, id: number): Promise<CalendarEvent> {
  const row = await eventRow(db, actor, id);
  const participants = await db
    .select({
      userId: eventParticipants.userId,
      name: users.fullName,
      response: eventParticipants.response,
      respondedAt: sql<string | null>`case when ${eventParticipants.respondedAt} is null then null else ${isoInstant(eventParticipants.respondedAt)} end`,
    })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(eq(eventParticipants.eventId, id))
    .orderBy(asc(users.fullName));
  return { ...row, participants, editable: row.organizerId === actor.id && !row.cancelledAt };
}

const icsOf = (row: EventRow): IcsEvent => ({ ...row, cancelled: !!row.cancelledAt });

/** GET /api/events/:id/ics */
export async function eventIcs(db: Db, actor: Actor, id: number): Promise<string> {
  return icsCalendar([icsOf(await eventRow(db, actor, id))], uidHost);
}

/** GET /api/events/calendar.ics: my events with an occurrence in the range, each once with its RRULE. */
export async function eventsFeed(db: Db, actor: Actor, query: z.output<typeof eventsFeedQuery>): Promise<string> {
  const found = await eventsBetween(db, actor, query.from, query.to, 'me');
  return icsCalendar(
    found.map(({ row }) => icsOf(row)),
    uidHost,
  );
}

type Input = z.output<typeof eventBody>;

/** An all-day event runs from its first business day's start to the start of the day after its last. */
function timesOf(input: Input) {
  if (!input.allDay) return { startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) };
  return {
    startsAt: dayStart(businessDate(new Date(input.startsAt))),
    endsAt: dayStart(addDays(businessDate(new Date(input.endsAt)), 1)),
  };
}

const repeatOf = (input: Input) => ({
  repeat: input.repeat,
  repeatUntil: input.repeat === 'none' ? null : (input.repeatUntil ?? null),
  repeatCount: input.repeat === 'none' ? null : (input.repeatCount ?? null),
  exceptions: input.repeat === 'none' ? [] : [...new Set(input.exceptions)].sort(),
});

/** The participants, each in the organizer's scope as for tasks (a rep invites themselves, a chief the team); the organizer is not invited to their own event. */
async function participantsOf(db: Tx, actor: Actor, ids: readonly number[]): Promise<number[]> {
  const others = ids.filter((id) => id !== actor.id);
  if (!others.length) return [];
  const allowed = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, others), eq(users.active, true), inScope(actor, users.id)));
  if (allowed.length !== others.length) throw fieldError('VALIDATION_FAILED', 'participantIds', 'participantOutOfScope');
  return others;
}

/** Invites users, each told in the transaction of the change (decision 044). */
async function invite(tx: Tx, actor: Actor, eventId: number, input: Input, userIds: number[]) {
  if (!userIds.length) return;
  await tx.insert(eventParticipants).values(userIds.map((userId) => ({ eventId, userId })));
  await notify(tx, {
    to: userIds,
    kind: 'eventInvitation',
    subject: { type: 'event', id: eventId },
    params: { title: input.title, by: actor.fullName, startsAt: timesOf(input).startsAt.toISOString() },
  });
}

/** The event's columns as the organizer gives them, alike for a new event and a change. */
const columnsOf = (input: Input) => ({
  title: input.title,
  description: input.description ?? null,
  place: input.place ?? null,
  colour: input.colour,
  ...timesOf(input),
  allDay: input.allDay,
  organizationId: input.organizationId ?? null,
  ...repeatOf(input),
});

/** POST /api/events */
export async function createEvent(db: Db, actor: Actor, input: Input): Promise<CalendarEvent> {
  const participantIds = await participantsOf(db, actor, input.participantIds);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(events)
      .values({
        ...columnsOf(input),
        organizerId: actor.id,
      })
      .returning({ id: events.id });
    await invite(tx, actor, created!.id, input, participantIds);
    await recordAudit(tx, actor, { entity: 'event', entityId: created!.id, action: 'create', after: { title: input.title, participantIds } });
    return created!.id;
  });
  return getEvent(db, actor, id);
}

/** The organizer's own event, not cancelled: what changing or cancelling it needs. */
async function organizedRow(db: Tx, actor: Actor, id: number): Promise<EventRow> {
  const row = await eventRow(db, actor, id);
  if (row.organizerId !== actor.id) throw forbidden();
  if (row.cancelledAt) throw new AppError('CONFLICT');
  return row;
}

/** PUT /api/events/:id: its organizer; the answers of those still invited stay, the newly invited are told. */
export async function updateEvent(db: Db, actor: Actor, id: number, input: Input): Promise<CalendarEvent> {
  await organizedRow(db, actor, id);
  const participantIds = await participantsOf(db, actor, input.participantIds);
  await db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({
        ...columnsOf(input),
        updatedAt: new Date(),
      })
      .where(eq(events.id, id));
    const before = (await tx.select({ userId: eventParticipants.userId }).from(eventParticipants).where(eq(eventParticipants.eventId, id))).map(
      (p) => p.userId,
    );
    const removed = before.filter((userId) => !participantIds.includes(userId));
    if (removed.length) await tx.delete(eventParticipants).where(and(eq(eventParticipants.eventId, id), inArray(eventParticipants.userId, removed)));
    await invite(
      tx,
      actor,
      id,
      input,
      participantIds.filter((userId) => !before.includes(userId)),
    );
    // those still invited hear of the change (the newly invited have their invitation)
    await notify(tx, {
      to: participantIds.filter((userId) => before.includes(userId)),
      kind: 'eventInvitation',
      subject: { type: 'event', id },
      params: { title: input.title, by: actor.fullName, startsAt: timesOf(input).startsAt.toISOString(), change: 'changed' },
    });
    await recordAudit(tx, actor, { entity: 'event', entityId: id, action: 'update', after: { title: input.title, participantIds } });
  });
  return getEvent(db, actor, id);
}

/** POST /api/events/:id/cancel: its organizer; it leaves everyone's calendar, and its .ics says CANCELLED. */
export async function cancelEvent(db: Db, actor: Actor, id: number): Promise<CalendarEvent> {
  const row = await organizedRow(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.update(events).set({ cancelledAt: new Date(), updatedAt: new Date() }).where(eq(events.id, id));
    const invited = await tx.select({ userId: eventParticipants.userId }).from(eventParticipants).where(eq(eventParticipants.eventId, id));
    await notify(tx, {
      to: invited.map((p) => p.userId),
      kind: 'eventInvitation',
      subject: { type: 'event', id },
      params: { title: row.title, by: actor.fullName, change: 'cancelled' },
    });
    await recordAudit(tx, actor, { entity: 'event', entityId: id, action: 'cancel' });
  });
  return getEvent(db, actor, id);
}

/** POST /api/events/:id/respond: an invited user accepts or declines (and may change their mind); the organizer sees it on the event. */
export async function respondToEvent(db: Db, actor: Actor, id: number, response: 'accepted' | 'declined'): Promise<CalendarEvent> {
  const row = await eventRow(db, actor, id);
  if (!row.myResponse) throw forbidden();
  if (row.cancelledAt) throw new AppError('CONFLICT');
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(eventParticipants)
      .set({ response, respondedAt: new Date() })
      .where(and(eq(eventParticipants.eventId, id), eq(eventParticipants.userId, actor.id), ne(eventParticipants.response, response)))
      .returning({ userId: eventParticipants.userId });
    // the organizer hears of an answer (not of the same answer given again)
    if (changed)
      await notify(tx, {
        to: [row.organizerId],
        kind: 'eventInvitation',
        subject: { type: 'event', id },
        params: { title: row.title, by: actor.fullName, change: response },
      });
  });
  return getEvent(db, actor, id);
}
