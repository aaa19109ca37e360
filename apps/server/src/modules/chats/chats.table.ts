import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, jsonb, check, uniqueIndex, customType } from 'drizzle-orm/pg-core';
import type { ChatAttachmentType, ChatChannel, ChatDelivery, ChatDirection, ChatStatus, Language, LocalizedText } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { leads } from '../leads/leads.table.js';
import { orders } from '../orders/orders.table.js';

/** A client's conversation with the company on one channel (a Telegram chat, an Instagram or Facebook sender). */
export const clientChats = pgTable(
  'client_chats',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<ChatChannel>().notNull(),
    /** the channel's id of the client's chat (Telegram chat id, Meta's page-scoped id) */
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    /** the client's language as the channel tells it: templates fill in it */
    language: text('language').$type<Language>(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** who linked it to its organization: the client's orders through the bot are theirs (their rights, their scope) */
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ChatStatus>().notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageText: text('last_message_text').notNull().default(''),
    lastDirection: text('last_direction').$type<ChatDirection>().notNull().default('in'),
    unread: integer('unread').notNull().default(0),
    /** searchText() of the title, the organization's and lead's names */
    searchKey: text('search_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_chats_external_idx').on(t.channel, t.externalId),
    // the inbox, newest first (read backwards: ascending keys give "desc nulls first" as the query orders)
    index('client_chats_inbox_idx').on(t.lastMessageAt, t.id),
    index('client_chats_status_idx').on(t.status, t.lastMessageAt, t.id),
    index('client_chats_assigned_idx').on(t.assignedTo, t.lastMessageAt, t.id),
    index('client_chats_organization_idx').on(t.organizationId),
    index('client_chats_lead_idx').on(t.leadId),
    index('client_chats_search_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    check('client_chats_channel_check', sql`${t.channel} in ('telegram', 'instagram', 'facebook')`),
    check('client_chats_status_check', sql`${t.status} in ('open', 'waiting', 'closed')`),
  ],
);

export const clientChatMessages = pgTable(
  'client_chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => clientChats.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<ChatDirection>().notNull(),
    text: text('text').notNull(),
    /** who of ours wrote it; null for the client */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** the channel's id of the message: the same update delivered twice is kept once */
    externalId: text('external_id'),
    delivery: text('delivery').$type<ChatDelivery>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_chat_messages_chat_idx').on(t.chatId, t.id),
    uniqueIndex('client_chat_messages_external_idx').on(t.chatId, t.externalId),
    check('client_chat_messages_direction_check', sql`${t.direction} in ('in', 'out')`),
  ],
);

/** Binary data: a Buffer on node-postgres, a Uint8Array on PGlite; always answered as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A photo or document of a conversation's message (the client's or ours), kept in the database with it (backed up and scoped as the conversation). */
export const clientChatAttachments = pgTable(
  'client_chat_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => clientChatMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read from the file's first bytes, never the sender's word */
    contentType: text('content_type').$type<ChatAttachmentType>().notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('client_chat_attachments_message_idx').on(t.messageId)],
);

/** Ready answers in the four languages (Settings → Social networks). */
export const chatTemplates = pgTable('chat_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  text: jsonb('text').$type<LocalizedText>().notNull(),
});

/** What a client is about to order in the bot (one draft per conversation, replaced by the next /order or /repeat). */
export const chatOrderDrafts = pgTable('chat_order_drafts', {
  chatId: integer('chat_id')
    .primaryKey()
    .references(() => clientChats.id, { onDelete: 'cascade' }),
  positions: jsonb('positions').$type<{ productId: number; quantity: number }[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Orders a client placed in the bot, and the status they were last told of (the sweep tells them the next). */
export const chatOrders = pgTable(
  'chat_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => clientChats.id, { onDelete: 'cascade' }),
    toldStatus: text('told_status').notNull(),
  },
  (t) => [index('chat_orders_chat_idx').on(t.chatId)],
);
