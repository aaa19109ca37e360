import { z } from 'zod';
import { localizedText } from './common/localized-text.js';
import { pageQuery, paged } from './common/paging.js';
import { queryId, recordId, requiredText } from './common/validation.js';

/** Chats with clients (issue 18 item 3): one inbox of the conversations pharmacies and clinics start. */
export const chatChannels = ['telegram', 'instagram', 'facebook'] as const;
export type ChatChannel = (typeof chatChannels)[number];
/** open: the client waits for us; waiting: we wait for the client; closed: done (a new message opens it again). */
export const chatStatuses = ['open', 'waiting', 'closed'] as const;
export type ChatStatus = (typeof chatStatuses)[number];
export const chatDirections = ['in', 'out'] as const;
export type ChatDirection = (typeof chatDirections)[number];
/** A reply's way to the client: pending while it is being sent, then sent or failed (the channel refused it). */
export const chatDeliveries = ['pending', 'sent', 'failed'] as const;
export type ChatDelivery = (typeof chatDeliveries)[number];

export const chatSummary = z.object({
  id: z.number().int(),
  channel: z.enum(chatChannels),
  /** the client's name as the channel gives it */
  title: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  leadId: z.number().int().nullable(),
  leadName: z.string().nullable(),
  assignedTo: z.number().int().nullable(),
  assignedName: z.string().nullable(),
  status: z.enum(chatStatuses),
  lastMessageAt: z.string(),
  lastMessageText: z.string(),
  lastDirection: z.enum(chatDirections),
  /** client messages since someone of ours last read the conversation */
  unread: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummary>;

export const listChatsQuery = pageQuery.extend({
  status: z.enum(chatStatuses).optional(),
  channel: z.enum(chatChannels).optional(),
  /** only those assigned to me */
  mine: z.enum(['true', 'false']).optional(),
});
export type ListChatsQuery = z.input<typeof listChatsQuery>;
/**
 * The inbox counts its conversations up to this many (`total` is at most it): counting all of 100,000 cost
 * more than the page itself, and nobody scrolls past thousands — they filter or search.
 */
export const chatListCountCap = 10_000;
export const chatList = paged(chatSummary);
export type ChatList = z.infer<typeof chatList>;

export const chatMessage = z.object({
  id: z.number().int(),
  direction: z.enum(chatDirections),
  text: z.string(),
  /** who of ours wrote it (null: the client) */
  authorName: z.string().nullable(),
  delivery: z.enum(chatDeliveries).nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const chatMessagesQuery = z.object({ before: queryId().optional() });
export const chatMessagesPageSize = 50;
export const chatMessages = z.object({ items: z.array(chatMessage), hasMore: z.boolean() });
export type ChatMessages = z.infer<typeof chatMessages>;

export const chatReplyBody = z.object({ text: requiredText(4000) });
export type ChatReplyBody = z.input<typeof chatReplyBody>;

/** Assign, set the status, link to an organization or a lead (null unlinks); only what is sent changes. */
export const updateChatBody = z.object({
  assignedTo: recordId().nullable().optional(),
  status: z.enum(chatStatuses).optional(),
  organizationId: recordId().nullable().optional(),
  leadId: recordId().nullable().optional(),
});
export type UpdateChatBody = z.input<typeof updateChatBody>;

/** Settings → Social networks: whether each channel is connected (its credentials are the server's configuration). */
export const chatChannelStates = z.object({
  items: z.array(z.object({ channel: z.enum(chatChannels), connected: z.boolean(), webhookUrl: z.string().nullable() })),
});
export type ChatChannelStates = z.infer<typeof chatChannelStates>;

/** A ready answer in the four languages: the reply box fills in the client's language (ru when unknown). */
export const chatTemplate = z.object({ id: z.number().int(), name: z.string(), text: localizedText });
export type ChatTemplate = z.infer<typeof chatTemplate>;
const templateText = requiredText(2000);
export const saveChatTemplateBody = z.object({
  name: requiredText(100),
  text: z.object({ ru: templateText, en: templateText, 'uz-Latn': templateText, 'uz-Cyrl': templateText }),
});
export type SaveChatTemplateBody = z.input<typeof saveChatTemplateBody>;
export const chatTemplateList = z.object({ items: z.array(chatTemplate) });

/** Meta's webhook of the company page's Instagram and Messenger messages (only what the inbox reads). */
export const metaWebhookQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});
const metaMessaging = z.object({
  sender: z.object({ id: z.string().max(100) }),
  recipient: z.object({ id: z.string().max(100) }).optional(),
  timestamp: z.number().optional(),
  message: z.object({ mid: z.string().max(300), text: z.string().max(4000).optional(), is_echo: z.boolean().optional() }).optional(),
});
export const metaWebhookBody = z.object({
  object: z.string().max(40),
  entry: z.array(z.object({ id: z.string().max(100), time: z.number().optional(), messaging: z.array(metaMessaging).max(1000).optional() })).max(1000),
});
export type MetaWebhookBody = z.infer<typeof metaWebhookBody>;
/** The header Meta signs a webhook's body in: "sha256=" + hex HMAC-SHA256 with the app's secret. */
export const metaSignatureHeader = 'x-hub-signature-256';
