import { createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  hasPermission,
  isRecordingUrl,
  normalizeUzPhone,
  type CallEvent,
  type originateBody,
  type saveExtensionBody,
  type TelephonyAdapter,
  type TelephonyExtensionList,
  type TelephonySettings,
} from '@pharma/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, forbidden } from '../../platform/errors.js';
import { isUniqueViolation } from '../../platform/sql.js';
import { AmiClient, type AmiMessage } from './ami-client.js';
import { completeCall, recordCallEvent } from './calls.service.js';
import { telephonyExtensions, telephonySettings } from './calls.table.js';
import { users } from '../users/users.table.js';

export const webhookPath = '/api/telephony/webhook';

/** The hex HMAC-SHA256 of "timestamp.body" that signs the webhook's events and the generic adapter's requests. */
export const signTelephony = (secret: string, timestamp: string, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export async function adapterOf(db: Db): Promise<TelephonyAdapter> {
  const [row] = await db.select({ adapter: telephonySettings.adapter }).from(telephonySettings).where(eq(telephonySettings.id, 1));
  return row?.adapter ?? 'none';
}

async function extensionOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ extension: telephonyExtensions.extension }).from(telephonyExtensions).where(eq(telephonyExtensions.userId, userId));
  return row?.extension ?? null;
}

/** GET /api/telephony/settings */
export async function telephonySettingsOf(db: Db, config: Config, actor: Actor): Promise<TelephonySettings> {
  return { adapter: await adapterOf(db), extension: await extensionOf(db, actor.id), webhookPath, webhookSecretSet: !!config.TELEPHONY_WEBHOOK_SECRET };
}

/** PUT /api/telephony/settings */
export async function saveAdapter(db: Db, config: Config, actor: Actor, adapter: TelephonyAdapter): Promise<TelephonySettings> {
  await db
    .insert(telephonySettings)
    .values({ id: 1, adapter })
    .onConflictDoUpdate({ target: telephonySettings.id, set: { adapter, updatedAt: new Date() } });
  return telephonySettingsOf(db, config, actor);
}

/** GET /api/telephony/extensions: every user's extension, by name. */
export async function listExtensions(db: Db): Promise<TelephonyExtensionList> {
  const items = await db
    .select({ userId: telephonyExtensions.userId, userName: users.fullName, extension: telephonyExtensions.extension })
    .from(telephonyExtensions)
    .innerJoin(users, eq(users.id, telephonyExtensions.userId))
    .orderBy(asc(users.fullName), asc(users.id));
  return { items };
}

/** PUT /api/telephony/extension: one's own; another user's with telephony.edit. */
export async function saveExtension(db: Db, config: Config, actor: Actor, input: z.output<typeof saveExtensionBody>): Promise<TelephonySettings> {
  const userId = input.userId ?? actor.id;
  if (userId !== actor.id && !hasPermission(actor.grants, 'telephony.edit')) throw forbidden();
  if (input.extension === null) await db.delete(telephonyExtensions).where(eq(telephonyExtensions.userId, userId));
  else
    try {
      await db
        .insert(telephonyExtensions)
        .values({ userId, extension: input.extension })
        .onConflictDoUpdate({ target: telephonyExtensions.userId, set: { extension: input.extension } });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('ALREADY_EXISTS', 'extension', 'duplicate');
      throw error;
    }
  return telephonySettingsOf(db, config, actor);
}

const amiOptions = (config: Config) =>
  config.TELEPHONY_AMI_HOST && config.TELEPHONY_AMI_USER && config.TELEPHONY_AMI_SECRET
    ? { host: config.TELEPHONY_AMI_HOST, port: config.TELEPHONY_AMI_PORT, username: config.TELEPHONY_AMI_USER, secret: config.TELEPHONY_AMI_SECRET }
    : null;

/**
 * POST /api/calls/originate — click-to-call through the adapter chosen in Settings → Telephony: the PBX
 * rings the user's extension first and, when it is picked up, dials the number.
 */
export async function originate(db: Db, config: Config, actor: Actor, input: z.output<typeof originateBody>): Promise<{ extension: string; phone: string }> {
  const phone = normalizeUzPhone(input.phone);
  if (!phone) throw fieldError('PHONE_NOT_UZBEK', 'phone', 'phoneInvalid');
  const adapter = await adapterOf(db);
  const extension = await extensionOf(db, actor.id);
  if (adapter === 'none') throw new AppError('TELEPHONY_OFF');
  if (!extension) throw new AppError('TELEPHONY_NO_EXTENSION');
  if (adapter === 'generic') {
    if (!config.TELEPHONY_PBX_URL) throw new AppError('TELEPHONY_OFF');
    const body = JSON.stringify({ extension, phone, subject: input.subject ?? null });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp };
    if (config.TELEPHONY_WEBHOOK_SECRET) headers['x-signature'] = signTelephony(config.TELEPHONY_WEBHOOK_SECRET, timestamp, body);
    const answer = await fetch(config.TELEPHONY_PBX_URL, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).catch(() => null);
    if (!answer?.ok) throw new AppError('TELEPHONY_UNREACHABLE');
    return { extension, phone };
  }
  const options = amiOptions(config);
  if (!options) throw new AppError('TELEPHONY_OFF');
  const client = new AmiClient(options);
  try {
    await client.connect();
    const answer = await client.action({
      Action: 'Originate',
      Channel: config.TELEPHONY_AMI_CHANNEL.replace('{extension}', extension),
      Context: config.TELEPHONY_AMI_CONTEXT,
      Exten: phone.replace('+', ''),
      Priority: '1',
      CallerID: phone,
      Async: 'true',
    });
    if (answer.Response !== 'Success') throw new Error(answer.Message ?? 'refused');
  } catch {
    throw new AppError('TELEPHONY_UNREACHABLE');
  } finally {
    client.close();
  }
  return { extension, phone };
}

const isExtension = (n: string | undefined) => !!n && /^[0-9*#]{1,6}$/.test(n);

/** An AMI event's time (manager.conf's timestampevents: `Timestamp: 1700000000.123456`), else none. */
const timeOfAmi = (e: AmiMessage): string | undefined => {
  const seconds = Number(e.Timestamp);
  return e.Timestamp && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined;
};

/**
 * An Asterisk event as a call event: a call is its first channel (Linkedid); the first channel's
 * Newchannel rings it, a DialEnd answers (or ends it busy), the first channel's Hangup ends it — each at
 * the event's Timestamp when Asterisk sends one, so the log times the call from answer to hang-up.
 */
export function callEventOfAmi(e: AmiMessage): CallEvent | null {
  const callId = e.Linkedid ?? e.Uniqueid;
  if (!callId) return null;
  const from = e.CallerIDNum && e.CallerIDNum !== '<unknown>' ? e.CallerIDNum : 'unknown';
  const to = e.Exten && e.Exten !== 's' ? e.Exten : (e.ConnectedLineNum ?? 'unknown');
  const direction = isExtension(from) ? 'out' : 'in';
  const at = timeOfAmi(e);
  const base = { callId: `ami:${callId}`, direction, from, to, extension: direction === 'out' ? from : undefined, ...(at ? { at } : {}) } as const;
  if (e.Event === 'Newchannel' && e.Uniqueid === callId) return { ...base, event: 'ringing' };
  if (e.Event === 'DialEnd' && e.DialStatus === 'ANSWER')
    return { ...base, event: 'answered', extension: isExtension(e.DestCallerIDNum) ? e.DestCallerIDNum : base.extension };
  if (e.Event === 'DialEnd' && e.DialStatus === 'BUSY') return { ...base, event: 'ended', outcome: 'busy' };
  if (e.Event === 'Hangup' && e.Uniqueid === callId) return { ...base, event: 'ended' };
  return null;
}

/**
 * A call's recording address from ASTERISK_RECORDING_URL: `{uniqueid}` (and `{linkedid}`) is the call's
 * id, `{file}` the MixMonitor file's name (its last path segment); a file Asterisk already names by an
 * http(s) address is that address. Null when it cannot be made, or is no http(s) address.
 */
export function recordingUrlOf(template: string | undefined, callId: string, file?: string | null): string | null {
  if (file && /^https?:\/\//i.test(file)) return isRecordingUrl(file) ? file : null;
  if (!template) return null;
  const name = file?.split(/[\\/]/).pop();
  if (template.includes('{file}') && !name) return null;
  const url = template
    .replaceAll('{uniqueid}', encodeURIComponent(callId))
    .replaceAll('{linkedid}', encodeURIComponent(callId))
    .replaceAll('{file}', encodeURIComponent(name ?? ''));
  return isRecordingUrl(url) ? url : null;
}

/** What one AMI event does to the call log: a call event, or the after-word of an ended call (Cdr). */
export type AsteriskStep = { event: CallEvent } | { complete: { callId: string; durationSeconds?: number; recordingUrl: string | null } };

/**
 * Follows Asterisk's events of the calls under way (which were answered, their MixMonitor file) and
 * turns each event into what it does to the log: Newchannel/DialEnd/Hangup are call events (the
 * Hangup of an answered call carries its recording's address); a Cdr (cdr_manager) brings the billed
 * seconds and, through its userfield, the recording's file. It forgets a call when it ends and keeps
 * at most `limit` calls under way (the oldest go first).
 */
export function asteriskCalls(recordingTemplate: string | undefined, limit = 10_000) {
  const live = new Map<string, { answered: boolean; file: string | null }>();
  return {
    read(e: AmiMessage): AsteriskStep | null {
      if (e.Event === 'Cdr') {
        const id = e.UniqueID ?? e.Uniqueid;
        if (!id) return null;
        const billed = Number(e.BillableSeconds);
        const durationSeconds = Number.isFinite(billed) && billed >= 0 ? Math.round(billed) : undefined;
        const answered = (durationSeconds ?? 0) > 0 || e.Disposition === 'ANSWERED';
        return {
          complete: { callId: `ami:${id}`, durationSeconds, recordingUrl: answered ? recordingUrlOf(recordingTemplate, id, e.UserField || null) : null },
        };
      }
      const event = callEventOfAmi(e);
      const id = e.Linkedid ?? e.Uniqueid;
      if (!event || !id) return event ? { event } : null;
      const file = e['ChanVariable(MIXMONITOR_FILENAME)'] || null;
      if (event.event === 'ringing') {
        if (live.size >= limit) live.delete(live.keys().next().value!);
        live.set(id, { answered: false, file });
        return { event };
      }
      const call = live.get(id);
      if (call && file) call.file = file;
      if (event.event === 'answered') {
        if (call) call.answered = true;
        return { event };
      }
      if (e.Event !== 'Hangup') return { event };
      live.delete(id);
      const recordingUrl = call?.answered ? recordingUrlOf(recordingTemplate, id, call.file) : null;
      return { event: recordingUrl ? { ...event, recordingUrl } : event };
    },
  };
}

/**
 * With the Asterisk adapter configured, this instance follows AMI's call events into the call log
 * (reconnecting when it drops): durations and recordings included (`asteriskCalls`).
 */
export function followAsterisk(app: FastifyInstance): void {
  const options = amiOptions(app.config);
  if (!options) return;
  let client: AmiClient | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const writes = new Map<string, Promise<unknown>>();
  const start = async () => {
    if (closed) return;
    if ((await adapterOf(app.db).catch(() => 'none')) !== 'asterisk') return retry();
    const calls = asteriskCalls(app.config.ASTERISK_RECORDING_URL);
    client = new AmiClient(options, (e) => {
      const step = calls.read(e);
      if (!step) return;
      // one call's events are written in the order they came (a Hangup never overtakes its DialEnd)
      const callId = 'event' in step ? step.event.callId : step.complete.callId;
      const next: Promise<unknown> = (writes.get(callId) ?? Promise.resolve())
        .then((): Promise<unknown> => ('event' in step ? recordCallEvent(app.db, step.event) : completeCall(app.db, callId, step.complete)))
        .catch((error: unknown) => app.log.warn({ err: error }, 'AMI call event not recorded'))
        .finally(() => {
          if (writes.get(callId) === next) writes.delete(callId);
        });
      writes.set(callId, next);
    });
    await client.connect().catch((error: unknown) => {
      app.log.warn({ err: error }, 'AMI not reachable');
      client?.close();
      retry();
    });
  };
  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void start(), 30_000);
    timer.unref();
  };
  app.addHook('onReady', async () => void start());
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    client?.close();
    await Promise.all(writes.values());
  });
}
