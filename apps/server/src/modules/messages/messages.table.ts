import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, timestamp, index, primaryKey, check } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.js';
import type { ConversationKind, MessageAttachmentType, MessageLinkKind } from '@pharma/contracts';
import { users } from '../users/users.table.js';

/** A conversation between staff: one-to-one (`direct_key` keeps it one per pair) or a group with a title. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ConversationKind>().notNull(),
    title: text('title'),
    /** "<smaller user id>:<larger user id>" of a one-to-one conversation: asked twice, the same one */
    directKey: text('direct_key').unique(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the newest message (the list's order), kept by the send */
    lastMessageId: integer('last_message_id'),
  },
  (t) => [check('conversations_kind_check', sql`${t.kind} in ('direct', 'group')`)],
);

/** Who is in a conversation, and the newest message each has read (read receipts and unread counts). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId, t.conversationId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    text: text('text').notNull(),
    linkKind: text('link_kind').$type<MessageLinkKind>(),
    linkId: integer('link_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the history by keyset and the unread counts
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // search by any part of the text (pg_trgm, migration 0001)
    index('messages_text_trgm_idx').using('gin', sql`${t.text} gin_trgm_ops`),
  ],
);

/** A file of a message, kept in the database with it (backed up and scoped as the message is). */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').$type<MessageAttachmentType>().notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    index('message_attachments_message_idx').on(t.messageId),
    check('message_attachments_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')`),
  ],
);
