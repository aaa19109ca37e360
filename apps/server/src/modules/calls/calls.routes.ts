import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, telephonySignatureHeader, telephonyTimestampHeader, telephonyWebhookMaxSkewSeconds } from '@pharma/contracts';
import { AppError } from '../../platform/errors.js';
import { serve } from '../../platform/endpoints.js';
import { keepRawJson, rawBodyOf } from '../../platform/raw-json.js';
import { listCalls, recordCallEvent, saveCallNote } from './calls.service.js';
import { followAsterisk, listExtensions, originate, saveAdapter, saveExtension, signTelephony, telephonySettingsOf } from './telephony.js';

const c = endpoints.calls;

/** /api/calls: the call log and click-to-call. */
export const callsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, c.list, (req) => listCalls(app.db, req.actor, req.query));
  serve(app, c.note, (req) => saveCallNote(app.db, req.actor, req.params.id, req.body));
  serve(app, c.originate, (req) => originate(app.db, app.config, req.actor, req.body));
};

/**
 * /api/telephony: Settings → Telephony and the PBXs' webhook. The webhook's JSON is kept as it came, for
 * its signature: X-Signature = hex HMAC-SHA256 of "X-Timestamp.body" with TELEPHONY_WEBHOOK_SECRET,
 * X-Timestamp (Unix seconds) within 5 minutes of now — an older one is a replay and refused.
 */
export const telephonyRoutes: FastifyPluginAsync = async (app) => {
  followAsterisk(app);
  keepRawJson(app);
  const verify = async (request: FastifyRequest) => {
    const secret = app.config.TELEPHONY_WEBHOOK_SECRET;
    if (!secret) throw new AppError('TELEPHONY_OFF');
    const timestamp = String(request.headers[telephonyTimestampHeader] ?? '');
    const signature = String(request.headers[telephonySignatureHeader] ?? '').replace(/^sha256=/, '');
    const expected = Buffer.from(signTelephony(secret, timestamp, rawBodyOf(request)), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('TELEPHONY_SIGNATURE_INVALID');
    const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
    if (!(Math.abs(Date.now() / 1000 - seconds) <= telephonyWebhookMaxSkewSeconds)) throw new AppError('TELEPHONY_REPLAYED');
  };
  serve(app, c.webhook, (req) => recordCallEvent(app.db, req.body), { preValidation: verify });
  serve(app, c.settings, (req) => telephonySettingsOf(app.db, app.config, req.actor));
  serve(app, c.saveSettings, (req) => saveAdapter(app.db, app.config, req.actor, req.body.adapter));
  serve(app, c.extensions, () => listExtensions(app.db));
  serve(app, c.saveExtension, (req) => saveExtension(app.db, app.config, req.actor, req.body));
};
