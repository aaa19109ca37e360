import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints, metaSignatureHeader, type MetaWebhookBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { serve } from '../../platform/endpoints.js';
import { keepRawJson, rawBodyOf } from '../../platform/raw-json.js';
import { metaProfileName } from './chat-channels.js';
import { nameChat, receiveClientMessage } from './chat-messages.service.js';
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

/** A conversation made from a webhook call whose client's name is still to be looked up. */
interface Unnamed {
  chatId: number;
  channel: 'facebook' | 'instagram';
  senderId: string;
  standIn: string;
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

/**
 * The clients' messages of a webhook call (texts, photos, files) into the inbox, each once (Meta delivers
 * again when unsure), titled "Instagram …1234" until the client's name is known; answers the conversations it made.
 */
async function receiveMeta(db: Db, body: MetaWebhookBody): Promise<{ received: number; unnamed: Unnamed[] }> {
  const channel = body.object === 'instagram' ? 'instagram' : 'facebook';
  let received = 0;
  const unnamed: Unnamed[] = [];
  for (const entry of body.entry) {
    for (const m of entry.messaging ?? []) {
      // the page's own messages come back as echoes
      if (!m.message || m.message.is_echo || !(m.message.text || m.message.attachments?.length)) continue;
      const { files, links } = await metaFiles(m.message.attachments);
      const text = [m.message.text ?? '', ...links].filter(Boolean).join('\n');
      if (!text && !files.length) continue;
      const standIn = `${channel === 'instagram' ? 'Instagram' : 'Facebook'} …${m.sender.id.slice(-4)}`;
      const result = await receiveClientMessage(db, {
        channel,
        externalId: m.sender.id,
        title: standIn,
        titleUpdates: false,
        text,
        files,
        messageId: m.message.mid,
        at: m.timestamp ? new Date(m.timestamp) : undefined,
      });
      if (!result.duplicate) received += 1;
      if (result.created) unnamed.push({ chatId: result.chatId, channel, senderId: m.sender.id, standIn });
    }
  }
  return { received, unnamed };
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
  // the names of new conversations' clients are asked of the Graph API after the webhook has answered
  // (Meta wants its answer fast); a failed lookup keeps the stand-in title. Closing waits for them.
  const lookups = new Set<Promise<void>>();
  const nameClients = (unnamed: Unnamed[]) => {
    for (const u of unnamed) {
      const lookup = metaProfileName(app.config, u.channel, u.senderId)
        .then((name) => (name ? nameChat(app.db, u.chatId, u.standIn, name) : undefined))
        .catch((error: unknown) => app.log.warn({ err: error }, 'a Meta client’s name was not kept'))
        .finally(() => lookups.delete(lookup));
      lookups.add(lookup);
    }
  };
  app.addHook('onClose', async () => {
    await Promise.all(lookups);
  });
  serve(
    app,
    c.metaEvent,
    async (req) => {
      const { received, unnamed } = await receiveMeta(app.db, req.body);
      nameClients(unnamed);
      return { received };
    },
    { preValidation: verify },
  );
};
