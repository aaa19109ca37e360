import { z } from 'zod';
import { searchMinLength } from './common/paging.js';
import { optionalText, queryId, recordId, requiredText } from './common/validation.js';

/**
 * Messages between staff (issue 17 item 2): one-to-one conversations and groups (chosen people, one's
 * team, the people of a region), text with files, a link to an order, visit, organization or task.
 */
export const conversationKinds = ['direct', 'group'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** What a message may link to: the screen it opens. */
export const messageLinkKinds = ['order', 'visit', 'organization', 'task'] as const;
export type MessageLinkKind = (typeof messageLinkKinds)[number];

/** Files a message carries: images shown in the conversation, PDFs downloaded. Never SVG or HTML (they run scripts). */
export const messageAttachmentTypes = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type MessageAttachmentType = (typeof messageAttachmentTypes)[number];
export const maxMessageAttachmentBytes = 10 * 1024 * 1024;
/** base64 of maxMessageAttachmentBytes, rounded up to whole groups of 4 */
export const maxMessageAttachmentChars = Math.ceil(maxMessageAttachmentBytes / 3) * 4;
/** files per message: the request carries them all (base64 in JSON, as the waybill photo) */
export const maxMessageAttachments = 3;
export const maxMessageLength = 4000;
export const maxConversationTitleLength = 120;
/** a page of a conversation's history, newest first */
export const messagesPageSize = 50;

export const conversationMember = z.object({
  id: z.number().int(),
  fullName: z.string(),
  /** the newest message this member has read (0: none) */
  lastReadId: z.number().int(),
});
export type ConversationMember = z.infer<typeof conversationMember>;

export const conversationSummary = z.object({
  id: z.number().int(),
  kind: z.enum(conversationKinds),
  /** a group's title; for one-to-one, the other person's name */
  title: z.string(),
  lastMessage: z.object({ id: z.number().int(), text: z.string(), senderId: z.number().int(), senderName: z.string(), createdAt: z.string() }).nullable(),
  /** messages of others after the asking user's last read one */
  unread: z.number().int(),
  createdAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({
  items: z.array(conversationSummary),
  /** unread messages in all the user's conversations */
  unread: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationList>;

export const conversation = conversationSummary.extend({ members: z.array(conversationMember) });
export type Conversation = z.infer<typeof conversation>;

/**
 * A new conversation: one-to-one with one person (asked twice, the existing one answers), or a group
 * with a title of chosen people, and/or the asking user's team, and/or the people working in a region.
 */
export const createConversationBody = z
  .object({
    kind: z.enum(conversationKinds),
    memberIds: z.array(recordId()).max(500).default([]),
    title: optionalText(maxConversationTitleLength),
    /** a group: everyone under the asking user (their team) */
    team: z.boolean().default(false),
    /** a group: everyone who works in the region */
    regionId: recordId().nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'direct' && body.memberIds.length !== 1) ctx.addIssue({ code: 'custom', path: ['memberIds'], message: 'required' });
    if (body.kind === 'group' && !body.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'required' });
    if (body.kind === 'group' && !body.memberIds.length && !body.team && !body.regionId)
      ctx.addIssue({ code: 'custom', path: ['memberIds'], message: 'required' });
  });
export type CreateConversationBody = z.input<typeof createConversationBody>;

export const messageAttachment = z.object({ id: z.number().int(), name: z.string(), contentType: z.enum(messageAttachmentTypes), size: z.number().int() });
export type MessageAttachment = z.infer<typeof messageAttachment>;
export const messageLink = z.object({ kind: z.enum(messageLinkKinds), id: recordId() });
export type MessageLink = z.infer<typeof messageLink>;

export const message = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  text: z.string(),
  attachments: z.array(messageAttachment),
  link: messageLink.nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof message>;

/** History by keyset: `before` is the oldest id already shown; newest first. */
export const listMessagesQuery = z.object({ before: queryId().optional() });
export const messagePage = z.object({
  items: z.array(message),
  hasMore: z.boolean(),
  /** every other member has read up to this id: the sender's messages up to it show "read" */
  readByAllUpTo: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePage>;

export const newMessageAttachment = z.object({
  name: requiredText(200),
  contentType: z.enum(messageAttachmentTypes, { error: 'attachmentType' }),
  data: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(maxMessageAttachmentChars, { error: 'attachmentTooLarge' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'attachmentType' }),
});
export type NewMessageAttachment = z.infer<typeof newMessageAttachment>;
export const sendMessageBody = z.object({
  text: requiredText(maxMessageLength),
  attachments: z.array(newMessageAttachment).max(maxMessageAttachments).default([]),
  link: messageLink.nullable().optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const readConversationBody = z.object({ messageId: recordId() });
export const messagesUnread = z.object({ unread: z.number().int() });

export const searchMessagesQuery = z.object({ q: z.string().trim().min(searchMinLength, { error: 'searchMin' }).max(100) });
export const messageSearchHit = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  conversationTitle: z.string(),
  senderName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const messageSearchResults = z.object({ items: z.array(messageSearchHit) });
export type MessageSearchHit = z.infer<typeof messageSearchHit>;
/** the most search answers (newest first) */
export const messageSearchLimit = 50;

/** Someone to write to: every active colleague (messages are not limited by data scope). */
export const messagePerson = z.object({ id: z.number().int(), fullName: z.string(), position: z.string() });
export type MessagePerson = z.infer<typeof messagePerson>;
