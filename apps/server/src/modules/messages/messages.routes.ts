import type { FastifyPluginAsync } from 'fastify';
import { endpoints, maxMessageAttachmentChars, maxMessageAttachments } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import {
  createConversation,
  getAttachment,
  getConversation,
  listConversations,
  listMessages,
  listPeople,
  readConversation,
  searchMessages,
  sendMessage,
  unreadMessages,
} from './messages.service.js';
import { sendStoredFile } from '../../platform/stored-file.js';

const m = endpoints.messages;

export const messagesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, m.conversations, (req) => listConversations(app.db, req.actor));
  serve(app, m.createConversation, async (req, reply) => {
    const { conversation, created } = await createConversation(app.db, req.actor, req.body);
    if (!created) reply.code(200);
    return conversation;
  });
  serve(app, m.conversation, (req) => getConversation(app.db, req.actor, req.params.id));
  serve(app, m.messages, (req) => listMessages(app.db, req.actor, req.params.id, req.query.before));
  serve(app, m.send, (req) => sendMessage(app.db, req.actor, req.params.id, req.body), {
    // base64 of the largest files, and the JSON around them
    bodyLimit: maxMessageAttachments * maxMessageAttachmentChars + 64 * 1024,
  });
  serve(app, m.read, (req) => readConversation(app.db, req.actor, req.params.id, req.body.messageId));
  serve(app, m.attachment, async (req, reply) => {
    const file = await getAttachment(app.db, req.actor, req.params.id);
    // a PDF is downloaded, an image shown
    const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
    return sendStoredFile(reply, file, disposition);
  });
  serve(app, m.search, (req) => searchMessages(app.db, req.actor, req.query.q));
  serve(app, m.unread, async (req) => ({ unread: await unreadMessages(app.db, req.actor.id) }));
  serve(app, m.people, (req) => listPeople(app.db, req.actor));
};
