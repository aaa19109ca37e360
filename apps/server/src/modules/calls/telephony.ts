import { createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  hasPermission,
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
import { recordCallEvent } from './calls.service.js';
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

/**
 * An Asterisk event as a call event: a call is its first channel (Linkedid); the first channel's
 * Newchannel rings it, a DialEnd answers (or ends it busy), the first channel's Hangup ends it.
 */
export function callEventOfAmi(e: AmiMessage): CallEvent | null {
  const callId = e.Linkedid ?? e.Uniqueid;
  if (!callId) return null;
  const from = e.CallerIDNum && e.CallerIDNum !== '<unknown>' ? e.CallerIDNum : 'unknown';
  const to = e.Exten && e.Exten !== 's' ? e.Exten : (e.ConnectedLineNum ?? 'unknown');
  const direction = isExtension(from) ? 'out' : 'in';
  const base = { callId: `ami:${callId}`, direction, from, to, extension: direction === 'out' ? from : undefined } as const;
  if (e.Event === 'Newchannel' && e.Uniqueid === callId) return { ...base, event: 'ringing' };
  if (e.Event === 'DialEnd' && e.DialStatus === 'ANSWER')
    return { ...base, event: 'answered', extension: isExtension(e.DestCallerIDNum) ? e.DestCallerIDNum : base.extension };
  if (e.Event === 'DialEnd' && e.DialStatus === 'BUSY') return { ...base, event: 'ended', outcome: 'busy' };
  if (e.Event === 'Hangup' && e.Uniqueid === callId) return { ...base, event: 'ended' };
  return null;
}

/** With the Asterisk adapter configured, this instance follows AMI's call events into the call log (reconnecting when it drops). */
export function followAsterisk(app: FastifyInstance): void {
  const options = amiOptions(app.config);
  if (!options) return;
  let client: AmiClient | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const start = async () => {
    if (closed) return;
    if ((await adapterOf(app.db).catch(() => 'none')) !== 'asterisk') return retry();
    client = new AmiClient(options, (e) => {
      const event = callEventOfAmi(e);
      if (event) recordCallEvent(app.db, event).catch((error: unknown) => app.log.warn({ err: error }, 'AMI call event not recorded'));
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
  });
}
