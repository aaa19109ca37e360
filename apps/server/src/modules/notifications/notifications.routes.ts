import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { requestLanguage } from '../../platform/error-handler.js';
import { startNotificationHub } from './notification-stream.js';
import { startCompanyBot, type CompanyBot } from './telegram-bot.js';
import { createTelegramLink, unlinkTelegram } from './telegram.service.js';
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
  // the company bot starts with the server (its delivery and polling stop before the database closes)
  let bot: CompanyBot | null = null;
  const token = app.config.TELEGRAM_BOT_TOKEN;
  if (token) {
    app.addHook('onReady', async () => {
      bot = await startCompanyBot(app, token);
    });
    app.addHook('preClose', async () => bot?.close());
  }

  serve(app, n.list, (req) => listNotifications(app.db, req.actor, req.query));
  serve(app, n.stream, async (req, reply) => {
    await hub.open(reply, req.actor.id, req.declaredHeaders['last-event-id']);
    return reply;
  });
  serve(app, n.read, (req) => markNotificationRead(app.db, req.actor, req.params.id));
  serve(app, n.readAll, (req) => markAllNotificationsRead(app.db, req.actor));
  serve(app, n.settings, (req) => getNotificationSettings(app.db, req.actor, telegramAvailable));
  serve(app, n.saveSettings, (req) => saveNotificationSettings(app.db, req.actor, req.body, telegramAvailable));
  serve(app, n.telegramLink, async (req) =>
    createTelegramLink(app.db, req.actor, telegramAvailable ? { username: (await bot?.username()) ?? null } : null, requestLanguage(req)),
  );
  serve(app, n.telegramUnlink, (req) => unlinkTelegram(app.db, req.actor, telegramAvailable));
};
