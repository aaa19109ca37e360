import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { startNotificationHub } from './notification-stream.js';
import {
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationSettings,
} from './notifications.service.js';

const n = endpoints.notifications;

export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const hub = await startNotificationHub(app.database, app.db);
  app.addHook('preClose', () => hub.close());
  const telegramAvailable = !!app.config.TELEGRAM_BOT_TOKEN;

  serve(app, n.list, (req) => listNotifications(app.db, req.actor, req.query));
  serve(app, n.stream, async (req, reply) => {
    await hub.open(reply, req.actor.id, req.declaredHeaders['last-event-id']);
    return reply;
  });
  serve(app, n.read, (req) => markNotificationRead(app.db, req.actor, req.params.id));
  serve(app, n.readAll, (req) => markAllNotificationsRead(app.db, req.actor));
  serve(app, n.settings, (req) => getNotificationSettings(app.db, req.actor, telegramAvailable));
  serve(app, n.saveSettings, (req) => saveNotificationSettings(app.db, req.actor, req.body, telegramAvailable));
};
