import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, metaSignatureHeader, type MetaWebhookBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { serve } from '../../platform/endpoints.js';
import { keepRawJson, rawBodyOf } from '../../platform/raw-json.js';
import { receiveClientMessage } from './chat-messages.service.js';

const c = endpoints.chats;

/** Whether the body carries Meta's signature with the app secret (X-Hub-Signature-256: sha256=<hex>). */
export function metaSignatureValid(secret: string | undefined, rawBody: string, header: string | undefined): boolean {
  if (!secret) return false;
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** The clients' text messages of a webhook call into the inbox, each once (Meta delivers again when unsure). */
async function receiveMeta(db: Db, body: MetaWebhookBody): Promise<{ received: number }> {
  const channel = body.object === 'instagram' ? 'instagram' : 'facebook';
  let received = 0;
  for (const entry of body.entry) {
    for (const m of entry.messaging ?? []) {
      // the page's own messages come back as echoes; attachments without text are not read yet
      if (!m.message?.text || m.message.is_echo) continue;
      const result = await receiveClientMessage(db, {
        channel,
        externalId: m.sender.id,
        title: `${channel === 'instagram' ? 'Instagram' : 'Facebook'} …${m.sender.id.slice(-4)}`,
        text: m.message.text,
        messageId: m.message.mid,
        at: m.timestamp ? new Date(m.timestamp) : undefined,
      });
      if (!result.duplicate) received += 1;
    }
  }
  return { received };
}

/** /api/social: Meta's webhook (its JSON kept as it came, for the signature). */
export const metaWebhookRoutes: FastifyPluginAsync = async (app) => {
  keepRawJson(app);
  const verify = async (request: FastifyRequest) => {
    if (!metaSignatureValid(app.config.META_APP_SECRET, rawBodyOf(request), request.headers[metaSignatureHeader] as string | undefined))
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  };
  serve(app, c.metaVerify, (req, reply) => {
    const token = app.config.META_VERIFY_TOKEN;
    if (!token || req.query['hub.mode'] !== 'subscribe' || req.query['hub.verify_token'] !== token) throw forbidden();
    return reply.type('text/plain').send(req.query['hub.challenge'] ?? '');
  });
  serve(app, c.metaEvent, (req) => receiveMeta(app.db, req.body), { preValidation: verify });
};
