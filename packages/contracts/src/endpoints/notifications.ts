import { z } from 'zod';
import { endpoint, fileAnswer } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import {
  listNotificationsQuery,
  notificationList,
  notificationSettings,
  notificationUnread,
  saveNotificationSettingsBody,
  telegramLink,
} from '../notifications.js';

/** The signed-in user's own notifications: every user has theirs, so no area right is needed to read them. */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    access: 'signedIn',
    summary: 'My notifications, newest first (keyset by id), with the unread count',
    query: listNotificationsQuery,
    answer: notificationList,
  }),
  stream: endpoint({
    method: 'GET',
    path: '/notifications/stream',
    access: 'signedIn',
    summary: 'My notifications as they happen (text/event-stream)',
    description:
      'Server-Sent Events: each event is one notification (id = its id, data = its JSON). A reconnecting client sends Last-Event-ID and first gets what it missed. A comment line every 25 s keeps the stream open. The stream stays open, so a request that does not accept text/event-stream is refused.',
    headers: z.object({
      accept: z.string().regex(/text\/event-stream/, { error: 'invalidOption' }),
      'last-event-id': z
        .string()
        .regex(/^\d{1,15}$/, { error: 'invalidOption' })
        .optional(),
    }),
    answer: fileAnswer,
  }),
  read: endpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    access: 'signedIn',
    summary: 'Mark one of my notifications read',
    params: idParam,
    answer: notificationUnread,
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/notifications/read-all',
    access: 'signedIn',
    summary: 'Mark all my notifications read',
    answer: notificationUnread,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/notifications/settings',
    access: 'notifications.view',
    summary: 'How each kind of notification reaches me: in the app, also in Telegram, or not at all',
    answer: notificationSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/notifications/settings',
    access: 'notifications.edit',
    summary: 'Change how notifications reach me',
    body: saveNotificationSettingsBody,
    answer: notificationSettings,
  }),
  telegramLink: endpoint({
    method: 'POST',
    path: '/notifications/telegram',
    access: 'notifications.edit',
    summary: 'A one-time code to send to the company bot (valid 15 minutes): the chat that sends it receives my notifications',
    description: 'Refused (TELEGRAM_OFF) while the company has no bot (TELEGRAM_BOT_TOKEN). A new code replaces the earlier one.',
    answer: telegramLink,
  }),
  telegramUnlink: endpoint({
    method: 'DELETE',
    path: '/notifications/telegram',
    access: 'notifications.edit',
    summary: 'Stop sending my notifications to Telegram (the kinds set to Telegram stay in the app)',
    answer: notificationSettings,
  }),
};
