import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  defaultLanguage,
  formatPhone,
  isRecordingUrl,
  normalizeUzPhone,
  type Call,
  type CallEvent,
  type CallList,
  type callNoteBody,
  type listCallsQuery,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { asSystem } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/paging.js';
import { inScope } from '../../platform/scope.js';
import { translate } from '../../platform/i18n.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import { signal } from '../notifications/notifications.service.js';
import { organizations } from '../organizations/organizations.table.js';
import { organizationScope } from '../organizations/organizations.service.js';
import { createTasks } from '../tasks/tasks.service.js';
import { loadActor } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { firstOperator, matchPhone, repOfOrganization, userOfExtension } from './call-matching.js';
import { calls } from './calls.table.js';

const columns = {
  id: calls.id,
  direction: calls.direction,
  state: calls.state,
  from: calls.fromNumber,
  to: calls.toNumber,
  phone: calls.phone,
  startedAt: isoInstant(calls.startedAt),
  durationSeconds: calls.durationSeconds,
  outcome: calls.outcome,
  userId: calls.userId,
  userName: users.fullName,
  matchType: calls.matchType,
  matchId: calls.matchId,
  matchName: calls.matchName,
  organizationId: calls.organizationId,
  recordingUrl: calls.recordingUrl,
  note: calls.note,
  taskId: calls.taskId,
};
const select = (db: Tx) => db.select(columns).from(calls).leftJoin(users, eq(users.id, calls.userId));
type Row = Awaited<ReturnType<typeof select>>[number];
const toCall = ({ matchType, matchId, matchName, ...row }: Row): Call => ({
  ...row,
  match: matchType && matchId && matchName ? { type: matchType, id: matchId, name: matchName } : null,
});

/**
 * The calls a user sees (scope as everywhere): those their extension took or made (their own, their
 * team's), and those of the clients in their territory.
 */
function visible(actor: Actor): SQL | undefined {
  const byUser = inScope(actor, calls.userId);
  if (!byUser) return undefined;
  const clients = organizationScope(actor);
  const byClient = clients ? sql`${calls.organizationId} in (select ${organizations.id} from ${organizations} where ${clients})` : undefined;
  return byClient ? or(byUser, byClient) : byUser;
}

/** GET /api/calls: newest first, filtered by direction, outcome, user, client, dates (Tashkent days). */
export async function listCalls(db: Db, actor: Actor, query: z.output<typeof listCallsQuery>): Promise<CallList> {
  const digits = query.q?.replace(/\D/g, '');
  const where = and(
    visible(actor),
    query.direction ? eq(calls.direction, query.direction) : undefined,
    query.outcome ? eq(calls.outcome, query.outcome) : undefined,
    query.userId ? eq(calls.userId, query.userId) : undefined,
    query.organizationId ? eq(calls.organizationId, query.organizationId) : undefined,
    query.doctorId ? eq(calls.doctorId, query.doctorId) : undefined,
    query.dateFrom ? sql`${calls.startedAt} >= ${dayStart(query.dateFrom).toISOString()}` : undefined,
    query.dateTo ? sql`${calls.startedAt} < ${new Date(dayStart(query.dateTo).getTime() + 86_400_000).toISOString()}` : undefined,
    digits ? sql`(${calls.phone} like ${`%${digits}%`} or ${calls.fromNumber} like ${`%${digits}%`} or ${calls.toNumber} like ${`%${digits}%`})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    select(db).where(where).orderBy(desc(calls.startedAt), desc(calls.id)).limit(query.size).offset(offsetOf(query)),
    db.select({ n: count() }).from(calls).where(where),
  ]);
  return { items: rows.map(toCall), total: total?.n ?? 0, page: query.page, size: query.size };
}

async function callInScope(db: Tx, actor: Actor, id: number): Promise<Call> {
  const [row] = await select(db).where(and(eq(calls.id, id), visible(actor)));
  if (!row) throw notFound();
  return toCall(row);
}

/** PUT /api/calls/:id/note */
export async function saveCallNote(db: Db, actor: Actor, id: number, input: z.output<typeof callNoteBody>): Promise<Call> {
  await callInScope(db, actor, id);
  await db
    .update(calls)
    .set({ note: input.note ?? null, updatedAt: new Date() })
    .where(eq(calls.id, id));
  return callInScope(db, actor, id);
}

/** A call longer than a day is a PBX's mistake (the webhook's limit too). */
const maxCallSeconds = 86_400;

const stateRank = (column: SQL | string) => sql`array_position(array['ringing','answered','ended']::text[], ${column})`;

/**
 * One event of a PBX's call (the webhook, AMI): the first makes the call's row, the later ones update it
 * — idempotent per call id (a repeated event changes nothing), and a call never goes back to an earlier
 * state (an 'answered' that comes after 'ended' keeps it ended). The duration is the PBX's when it gives
 * one, else the time from the 'answered' event to the 'ended' one (each at its `at`, else when it came);
 * the longest known is kept. The first event of an incoming call pops the matched card in the app of the
 * user whose extension rings; a missed call from a client becomes a task for its representative (or an
 * operator), once.
 */
export async function recordCallEvent(db: Db, event: CallEvent): Promise<{ id: number; state: Call['state'] }> {
  const inbound = event.direction === 'in';
  const phone = normalizeUzPhone(inbound ? event.from : event.to);
  const userId = (await userOfExtension(db, event.extension)) ?? (await userOfExtension(db, inbound ? event.to : event.from));
  const matched = await matchPhone(db, inbound ? event.from : event.to);
  const outcome =
    event.outcome ?? (event.event === 'answered' ? 'answered' : event.event === 'ended' ? ((event.durationSeconds ?? 0) > 0 ? 'answered' : 'missed') : null);
  const now = new Date();
  const at = event.at ? new Date(event.at) : now;
  // an end without the PBX's duration: the seconds since the call was answered (0 when it never was)
  const timed =
    event.event === 'ended' && event.durationSeconds === undefined
      ? sql`coalesce(least(${maxCallSeconds}, greatest(0, round(extract(epoch from (${at.toISOString()}::timestamptz - ${calls.answeredAt})))))::int, 0)`
      : sql`0`;
  const [row] = await db
    .insert(calls)
    .values({
      externalId: event.callId,
      direction: event.direction,
      state: event.event,
      fromNumber: event.from,
      toNumber: event.to,
      phone,
      startedAt: event.startedAt ? new Date(event.startedAt) : at,
      answeredAt: event.event === 'answered' ? at : null,
      durationSeconds: event.durationSeconds ?? 0,
      outcome,
      userId,
      matchType: matched.match?.type ?? null,
      matchId: matched.match?.id ?? null,
      matchName: matched.match?.name ?? null,
      organizationId: matched.organizationId,
      doctorId: matched.doctorId,
      recordingUrl: isRecordingUrl(event.recordingUrl) ? event.recordingUrl : null,
    })
    .onConflictDoUpdate({
      target: calls.externalId,
      set: {
        state: sql`case when ${stateRank(sql`excluded.state`)} > ${stateRank(sql`${calls.state}`)} then excluded.state else ${calls.state} end`,
        outcome: sql`case
          when ${stateRank(sql`excluded.state`)} < ${stateRank(sql`${calls.state}`)} then ${calls.outcome}
          when excluded.state = 'ended' and ${event.outcome ?? null}::text is null and ${calls.outcome} = 'answered' then 'answered'
          else coalesce(excluded.outcome, ${calls.outcome}) end`,
        answeredAt: sql`coalesce(${calls.answeredAt}, excluded.answered_at)`,
        durationSeconds: sql`greatest(${calls.durationSeconds}, excluded.duration_seconds, ${timed})`,
        recordingUrl: sql`coalesce(excluded.recording_url, ${calls.recordingUrl})`,
        userId: sql`coalesce(${calls.userId}, excluded.user_id)`,
        updatedAt: now,
      },
    })
    .returning({ id: calls.id, state: calls.state, outcome: calls.outcome, userId: calls.userId, inserted: sql<boolean>`xmax = 0` });
  const call = row!;
  if (call.inserted && inbound && call.state !== 'ended' && call.userId)
    await signal(db, [call.userId], { signal: 'incomingCall', callId: call.id, phone: phone ?? event.from, match: matched.match });
  if (inbound && call.state === 'ended' && call.outcome !== 'answered' && matched.organizationId)
    await missedCallTask(db, call.id, matched, phone ?? event.from);
  return { id: call.id, state: call.state };
}

/**
 * What a PBX tells of a call after it ended (Asterisk's Cdr event): its billed duration and recording,
 * for a call already in the log — a record of a call the log never saw (another leg's) changes nothing.
 */
export async function completeCall(db: Db, externalId: string, input: { durationSeconds?: number; recordingUrl?: string | null }): Promise<boolean> {
  const seconds = Math.max(0, Math.min(maxCallSeconds, Math.round(input.durationSeconds ?? 0)));
  const recording = isRecordingUrl(input.recordingUrl) ? input.recordingUrl : null;
  const updated = await db
    .update(calls)
    .set({
      durationSeconds: sql`greatest(${calls.durationSeconds}, ${seconds}::int)`,
      recordingUrl: sql`coalesce(${recording}::text, ${calls.recordingUrl})`,
      outcome: seconds > 0 ? 'answered' : sql`${calls.outcome}`,
      updatedAt: new Date(),
    })
    .where(eq(calls.externalId, externalId))
    .returning({ id: calls.id });
  return updated.length > 0;
}

/** A missed call from a client: a task to call back, for the organization's representative or an operator (once per call). */
async function missedCallTask(db: Db, callId: number, matched: Awaited<ReturnType<typeof matchPhone>>, phone: string) {
  const [claimed] = await db
    .update(calls)
    .set({ missedHandled: true })
    .where(and(eq(calls.id, callId), eq(calls.missedHandled, false)))
    .returning({ id: calls.id });
  if (!claimed) return;
  const assignee = (await repOfOrganization(db, matched.organizationId!)) ?? (await firstOperator(db));
  const actor = assignee ? await loadActor(db, assignee) : null;
  if (!actor) return;
  // in the assignee's language (the one they last chose in the app; ru until they do)
  const [who] = await db.select({ language: users.language }).from(users).where(eq(users.id, assignee!));
  const name = matched.match?.name;
  const title = translate(who?.language ?? defaultLanguage, name ? 'calls:tasks.missedCallTask' : 'calls:tasks.missedCallTaskUnknown', {
    phone: formatPhone(phone),
    name,
  }).slice(0, 200);
  const { ids } = await createTasks(db, asSystem(actor), {
    title,
    description: null,
    assigneeIds: [assignee!],
    priority: 'high',
    dueAt: new Date(Date.now() + 3_600_000).toISOString(),
    organizationId: matched.organizationId,
    doctorId: matched.doctorId,
    checklist: [],
  });
  await db
    .update(calls)
    .set({ taskId: ids[0] ?? null })
    .where(eq(calls.id, callId));
}
