import { z } from 'zod';
import { queryId, queryInt32 } from './common/validation.js';
import { incomingCallSignal } from './calls.js';

/**
 * What tells a user that something needs them (issue 17). Each kind is a setting of the user's:
 * in the app, also in Telegram, or off.
 */
export const notificationKinds = [
  'orderStatus',
  'orderDecision',
  'questionableVisit',
  'taskAssigned',
  'taskDue',
  'eventInvitation',
  'message',
  'visitReminder',
  'stopClosed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['app', 'telegram', 'off'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
/** Every kind is shown in the app until the user says otherwise. */
export const defaultNotificationChannel: NotificationChannel = 'app';

/** What a notification is about: the screen it opens. */
export const notificationSubjectTypes = ['order', 'visit', 'task', 'event', 'conversation', 'delivery'] as const;
export type NotificationSubjectType = (typeof notificationSubjectTypes)[number];

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  subjectType: z.enum(notificationSubjectTypes).nullable(),
  subjectId: z.number().int().nullable(),
  /** the values the kind's text is made of (an order's number, the new status, who did it) */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** Newest first, by keyset: `before` is the last id of the page already shown. */
export const listNotificationsQuery = z.object({
  before: queryId().optional(),
  size: queryInt32().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export const notificationList = z.object({
  items: z.array(notification),
  /** the user's unread notifications in all */
  unread: z.number().int(),
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationUnread = z.object({ unread: z.number().int() });

export const notificationSetting = z.object({ kind: z.enum(notificationKinds), channel: z.enum(notificationChannels) });
export type NotificationSetting = z.infer<typeof notificationSetting>;
export const notificationSettings = z.object({
  items: z.array(notificationSetting),
  /** the company's bot is configured (TELEGRAM_BOT_TOKEN); without it the Telegram channel is off */
  telegramAvailable: z.boolean(),
  /** this user has linked their Telegram account */
  telegramLinked: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const saveNotificationSettingsBody = z.object({
  items: z
    .array(notificationSetting)
    .min(1)
    .max(notificationKinds.length)
    .refine((items) => new Set(items.map((i) => i.kind)).size === items.length, { error: 'invalidOption' }),
});

/**
 * What the stream tells besides notifications (`event: signal`): news for a screen that is no
 * notification — no row, nothing in the bell — sent to the users concerned when it happens. A member
 * read a conversation: the others' open conversation shows it as read.
 */
export const conversationReadSignal = z.object({ signal: z.literal('conversationRead'), conversationId: z.number().int() });
/** …a client's conversation has news (a client's message, a reply delivered or not): the inbox and the open conversation read it again (issue 18). */
export const chatMessageSignal = z.object({ signal: z.literal('chatMessage'), chatId: z.number().int() });
/** …and a call rings the user's extension: the matched card pops up (issue 18). */
export const notificationSignal = z.discriminatedUnion('signal', [conversationReadSignal, chatMessageSignal, incomingCallSignal]);
export type NotificationSignal = z.infer<typeof notificationSignal>;

/** The event stream's heartbeat: a comment line this often keeps proxies from closing an idle stream. */
export const notificationHeartbeatSeconds = 25;
/** How many missed notifications a reconnecting stream is sent before it is live again. */
export const notificationCatchUpLimit = 100;

/** How long a Telegram linking code works (issue 17): long enough to open Telegram, short enough not to leak. */
export const telegramLinkCodeMinutes = 15;
/** A linking code: what the bot accepts after /start (a deep link carries it) or typed alone. */
export const telegramLinkCodePattern = /^[A-HJ-NP-Z2-9]{8}$/;

/** POST /api/telegram/link: a one-time code the user sends to the company's bot. */
export const telegramLink = z.object({
  code: z.string(),
  /** the bot's t.me link that sends the code by itself (null when the bot's name is not known yet) */
  url: z.string().nullable(),
  /** the bot's @name */
  bot: z.string().nullable(),
  expiresAt: z.string(),
});
export type TelegramLink = z.infer<typeof telegramLink>;
