import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, metaSignatureHeader, type MetaWebhookBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { serve } from '../../platform/endpoints.js';
import { keepRawJson, rawBodyOf } from '../../platform/raw-json.js';
import { receiveClientMessage } from './chat-messages.service.js';
import { clientFile, downloadFile, type ChatFile } from './chat-files.js';

const c = endpoints.chats;

/** Whether the body carries Meta's signature with the app secret (X-Hub-Signature-256: sha256=<hex>). */
export function metaSignatureValid(secret: string | undefined, rawBody: string, header: string | undefined): boolean {
  if (!secret) return false;
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** A name for a file Meta links to: the last part of its path, or its kind. */
function fileNameOf(url: string, type: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return last.slice(0, 200) || type;
  } catch {
    return type;
  }
}

/**
 * A message's files: each link's content, kept when it can be read (at most the size a conversation
 * keeps); the link itself goes in the text when it cannot, so the operator still has it.
 */
async function metaFiles(attachments: NonNullable<NonNullable<MetaWebhookBody['entry'][number]['messaging']>[number]['message']>['attachments']) {
  const files: ChatFile[] = [];
  const links: string[] = [];
  for (const a of attachments ?? []) {
    const url = a.payload?.url;
    if (!url || !/^https?:\/\//i.test(url)) continue;
    const data = await downloadFile(url);
    if (data) files.push(clientFile(fileNameOf(url, a.type), data));
    else links.push(url);
  }
  return { files, links };
}

/** The clients' messages of a webhook call (texts, photos, files) into the inbox, each once (Meta delivers again when unsure). */
async function receiveMeta(db: Db, body: MetaWebhookBody): Promise<{ received: number }> {
  const channel = body.object === 'instagram' ? 'instagram' : 'facebook';
  let received = 0;
  for (const entry of body.entry) {
    for (const m of entry.messaging ?? []) {
      // the page's own messages come back as echoes
      if (!m.message || m.message.is_echo || !(m.message.text || m.message.attachments?.length)) continue;
      const { files, links } = await metaFiles(m.message.attachments);
      const text = [m.message.text ?? '', ...links].filter(Boolean).join('\n');
      if (!text && !files.length) continue;
      const result = await receiveClientMessage(db, {
        channel,
        externalId: m.sender.id,
        title: `${channel === 'instagram' ? 'Instagram' : 'Facebook'} …${m.sender.id.slice(-4)}`,
        text,
        files,
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
