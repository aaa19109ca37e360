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

/**
 * Files of client conversations (photos and documents, in and out). The server decides a file's type by
 * its first bytes, never by what the sender declares; what is not one of these is kept as a download
 * (application/octet-stream) when a client sends it, and refused when one of ours does.
 */
export const chatImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const chatDocumentTypes = [
  'application/pdf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
/** What one of ours may send (and the reply box offers). */
export const chatAttachmentTypes = [...chatImageTypes, ...chatDocumentTypes] as const;
/** …and a client's file of any other type, kept as a download. */
export const chatAttachmentStoredTypes = [...chatAttachmentTypes, 'application/octet-stream'] as const;
export type ChatAttachmentType = (typeof chatAttachmentStoredTypes)[number];
/** The file extensions the reply box's file picker offers (office documents are told apart by them). */
export const chatAttachmentExtensions = ['.jpg', '.jpeg', '.png', '.webp', '.gif', '.pdf', '.doc', '.xls', '.docx', '.xlsx'] as const;
/** A file of a conversation is at most this big (either way): larger client files are told of by name only. */
export const maxChatAttachmentBytes = 10 * 1024 * 1024;
/** base64 of maxChatAttachmentBytes, rounded up to whole groups of 4 */
export const maxChatAttachmentChars = Math.ceil(maxChatAttachmentBytes / 3) * 4;
export const isChatImage = (type: string) => (chatImageTypes as readonly string[]).includes(type);

export const chatAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.enum(chatAttachmentStoredTypes),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachment>;

export const chatMessage = z.object({
  id: z.number().int(),
  direction: z.enum(chatDirections),
  /** the text, or a file's caption ('' for a file without one) */
  text: z.string(),
  attachments: z.array(chatAttachment),
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

/** A file one of ours sends: its name and its bytes in base64 (as the messenger's files); its type is read from the bytes. */
export const newChatAttachment = z.object({
  name: requiredText(200),
  data: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(maxChatAttachmentChars, { error: 'attachmentTooLarge' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'chatAttachmentType' }),
});
export type NewChatAttachment = z.infer<typeof newChatAttachment>;
/** An answer: a text, a file, or a file with its caption. */
export const chatReplyBody = z
  .object({ text: z.string().trim().max(4000).default(''), attachment: newChatAttachment.optional() })
  .refine((body) => body.text.length > 0 || body.attachment, { error: 'required', path: ['text'] });
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
  message: z
    .object({
      mid: z.string().max(300),
      text: z.string().max(4000).optional(),
      is_echo: z.boolean().optional(),
      /** photos and files (image, file, video, audio …): Meta's link to each */
      attachments: z
        .array(z.object({ type: z.string().max(40), payload: z.object({ url: z.string().max(4000).optional() }).nullish() }))
        .max(20)
        .optional(),
    })
    .optional(),
});
export const metaWebhookBody = z.object({
  object: z.string().max(40),
  entry: z.array(z.object({ id: z.string().max(100), time: z.number().optional(), messaging: z.array(metaMessaging).max(1000).optional() })).max(1000),
});
export type MetaWebhookBody = z.infer<typeof metaWebhookBody>;
/** The header Meta signs a webhook's body in: "sha256=" + hex HMAC-SHA256 with the app's secret. */
export const metaSignatureHeader = 'x-hub-signature-256';
