import type { FastifyPluginAsync } from 'fastify';
import { endpoints, isChatImage, maxChatAttachmentChars } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { startSweep } from '../../platform/sweep.js';
import { tellOrderStatuses } from './chat-order-updates.js';
import { channelStates } from './chat-channels.js';
import { getChat, getChatAttachment, listChatMessages, listChats, readChat, updateChat } from './chats.service.js';
import { replyToChat } from './chat-messages.service.js';
import { createChatTemplate, deleteChatTemplate, listChatTemplates, updateChatTemplate } from './chat-templates.service.js';
import { sendStoredFile } from '../../platform/stored-file.js';

const c = endpoints.chats;

export const chatsRoutes: FastifyPluginAsync = async (app) => {
  startSweep(app, 'clients told of their orders', app.config.CHAT_ORDER_SWEEP_SECONDS, () => tellOrderStatuses(app.db, app.config));
  serve(app, c.list, (req) => listChats(app.db, req.actor, req.query));
  serve(app, c.channels, () => channelStates(app.config));
  serve(app, c.get, (req) => getChat(app.db, req.actor, req.params.id));
  serve(app, c.messages, (req) => listChatMessages(app.db, req.actor, req.params.id, req.query.before));
  serve(app, c.reply, (req) => replyToChat(app.db, app.config, req.actor, req.params.id, req.body), {
    // base64 of the largest file, and the JSON around it
    bodyLimit: maxChatAttachmentChars + 64 * 1024,
  });
  serve(app, c.attachment, async (req, reply) => {
    const file = await getChatAttachment(app.db, req.actor, req.params.id);
    // an image (its type read from its bytes) is shown, anything else downloaded (a client's HTML or SVG is kept as octet-stream)
    const disposition = isChatImage(file.contentType) ? 'inline' : 'attachment';
    return sendStoredFile(reply, file, disposition);
  });
  serve(app, c.update, (req) => updateChat(app.db, req.actor, req.params.id, req.body));
  serve(app, c.read, (req) => readChat(app.db, req.actor, req.params.id));
  serve(app, c.templates.list, () => listChatTemplates(app.db));
  serve(app, c.templates.create, (req) => createChatTemplate(app.db, req.actor, req.body));
  serve(app, c.templates.update, (req) => updateChatTemplate(app.db, req.actor, req.params.id, req.body));
  serve(app, c.templates.remove, (req) => deleteChatTemplate(app.db, req.actor, req.params.id));
};
