import { and, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  maxMessageAttachmentBytes,
  messageSearchLimit,
  messagesPageSize,
  type Conversation,
  type ConversationList,
  type ConversationSummary,
  type createConversationBody,
  type Message,
  type MessagePage,
  type MessagePerson,
  type MessageSearchHit,
  type sendMessageBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isFileOfType } from '../../platform/file-signatures.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { teamOf } from '../../platform/scope.js';
import { isoInstant } from '../../platform/sql.js';
import { notify, signal } from '../notifications/notifications.service.js';
import { userTerritories } from '../territories/territories.table.js';
import { users } from '../users/users.table.js';
import { conversationMembers, conversations, messageAttachments, messages } from './messages.table.js';

const me = alias(conversationMembers, 'me');
const last = alias(messages, 'last');
const lastSender = alias(users, 'last_sender');
const sender = alias(users, 'sender');

/** A group's title; for one-to-one, the other person's name (as the asking user sees it). */
const titleFor = (userId: number): SQL<string> => sql<string>`coalesce(${conversations.title}, (
  select u.full_name from conversation_members o join users u on u.id = o.user_id
  where o.conversation_id = ${conversations.id} and o.user_id <> ${userId} order by o.user_id limit 1), '')`;

/** Others' messages after the member's last read one (index messages(conversation_id, id)). */
const unreadIn = (userId: number): SQL<number> => sql<number>`(select count(*)::int from ${messages} x
  where x.conversation_id = ${conversations.id} and x.id > ${me.lastReadId} and x.sender_id <> ${userId})`;

function selectSummaries(db: Tx, userId: number) {
  return db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      title: titleFor(userId),
      unread: unreadIn(userId),
      createdAt: isoInstant(conversations.createdAt),
      lastId: last.id,
      lastText: last.text,
      lastSenderId: last.senderId,
      lastSenderName: lastSender.fullName,
      lastAt: sql<string | null>`case when ${last.id} is null then null else ${isoInstant(last.createdAt)} end`,
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .leftJoin(last, eq(last.id, conversations.lastMessageId))
    .leftJoin(lastSender, eq(lastSender.id, last.senderId))
    .$dynamic();
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];
const summaryOf = (row: SummaryRow): ConversationSummary => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  unread: row.unread,
  createdAt: row.createdAt,
  lastMessage:
    row.lastId === null ? null : { id: row.lastId, text: row.lastText!, senderId: row.lastSenderId!, senderName: row.lastSenderName!, createdAt: row.lastAt! },
});

/** The user's unread messages in all their conversations (the menu's badge). */
export async function unreadMessages(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, userId)))
    .where(and(sql`${messages.id} > ${conversationMembers.lastReadId}`, ne(messages.senderId, userId)));
  return row?.n ?? 0;
}

/** GET /api/messages/conversations: the latest talked-in first (a new empty one by when it began). */
export async function listConversations(db: Db, actor: Actor): Promise<ConversationList> {
  const [rows, unread] = await Promise.all([
    selectSummaries(db, actor.id)
      .where(eq(me.userId, actor.id))
      .orderBy(sql`coalesce(${last.createdAt}, ${conversations.createdAt}) desc`, desc(conversations.id))
      .limit(500),
    unreadMessages(db, actor.id),
  ]);
  return { items: rows.map(summaryOf), unread };
}

/** A conversation of the actor's; anyone else is told it does not exist (404), as data scope does. */
async function assertMember(db: Tx, actor: Actor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, actor.id)));
  if (!row) throw notFound();
}

/** GET /api/messages/conversations/:id */
export async function getConversation(db: Tx, actor: Actor, id: number): Promise<Conversation> {
  const [row] = await selectSummaries(db, actor.id).where(and(eq(me.userId, actor.id), eq(conversations.id, id)));
  if (!row) throw notFound();
  const members = await db
    .select({ id: users.id, fullName: users.fullName, lastReadId: conversationMembers.lastReadId })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .where(eq(conversationMembers.conversationId, id))
    .orderBy(users.fullName);
  return { ...summaryOf(row), members };
}

/** The active users among `ids`, or the field says some are not someone to write to. */
async function activeUsers(db: Tx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.active, true)));
  if (rows.length !== new Set(ids).size) throw fieldError('VALIDATION_FAILED', 'memberIds', 'invalidOption');
  return rows.map((r) => r.id);
}

/**
 * POST /api/messages/conversations: one-to-one with one colleague — the pair's existing conversation
 * when there is one (`created: false`, even when two ask at once: the pair's key is unique) — or a
 * group with a title: the chosen people, the asking user's team, the people of a region, and the asker.
 */
export async function createConversation(
  db: Db,
  actor: Actor,
  input: z.output<typeof createConversationBody>,
): Promise<{ conversation: Conversation; created: boolean }> {
  const chosen = await activeUsers(db, input.memberIds);
  if (input.kind === 'direct') {
    const other = chosen[0]!;
    if (other === actor.id) throw fieldError('VALIDATION_FAILED', 'memberIds', 'invalidOption');
    const directKey = `${Math.min(actor.id, other)}:${Math.max(actor.id, other)}`;
    const id = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(conversations)
        .values({ kind: 'direct', directKey, createdBy: actor.id })
        .onConflictDoNothing({ target: conversations.directKey })
        .returning({ id: conversations.id });
      if (!inserted) return null;
      await tx.insert(conversationMembers).values([actor.id, other].map((userId) => ({ conversationId: inserted.id, userId })));
      return inserted.id;
    });
    if (id !== null) return { conversation: await getConversation(db, actor, id), created: true };
    const [existing] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.directKey, directKey));
    return { conversation: await getConversation(db, actor, existing!.id), created: false };
  }
  const memberIds = new Set([actor.id, ...chosen]);
  if (input.team) {
    const team = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.id} in (${teamOf(actor.id)})`, eq(users.active, true)));
    for (const u of team) memberIds.add(u.id);
  }
  if (input.regionId) {
    const region = await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userTerritories, eq(userTerritories.userId, users.id))
      .where(and(eq(userTerritories.regionId, input.regionId), eq(users.active, true)));
    for (const u of region) memberIds.add(u.id);
  }
  // a group of the asker alone (an empty team, a region nobody works in) is nobody to write to
  if (memberIds.size < 2) throw fieldError('VALIDATION_FAILED', 'memberIds', 'required');
  const id = await db.transaction(async (tx) => {
    const [created] = await tx.insert(conversations).values({ kind: 'group', title: input.title!, createdBy: actor.id }).returning({ id: conversations.id });
    await tx.insert(conversationMembers).values([...memberIds].map((userId) => ({ conversationId: created!.id, userId })));
    return created!.id;
  });
  return { conversation: await getConversation(db, actor, id), created: true };
}

async function attachmentsOf(db: Tx, messageIds: number[]) {
  if (!messageIds.length) return new Map<number, Message['attachments']>();
  const rows = await db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      name: messageAttachments.name,
      contentType: messageAttachments.contentType,
      size: messageAttachments.size,
    })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(messageAttachments.id);
  const byMessage = new Map<number, Message['attachments']>();
  for (const { messageId, ...a } of rows) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), a]);
  return byMessage;
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  senderName: sender.fullName,
  text: messages.text,
  linkKind: messages.linkKind,
  linkId: messages.linkId,
  createdAt: isoInstant(messages.createdAt),
};

async function messagesWhere(db: Tx, where: SQL | undefined, limit: number): Promise<Message[]> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(where)
    .orderBy(desc(messages.id))
    .limit(limit);
  const files = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ linkKind, linkId, ...m }) => ({
    ...m,
    link: linkKind && linkId ? { kind: linkKind, id: linkId } : null,
    attachments: files.get(m.id) ?? [],
  }));
}

/** GET /api/messages/conversations/:id/messages: 50 a page, newest first, older ones by `before`. */
export async function listMessages(db: Db, actor: Actor, id: number, before: number | undefined): Promise<MessagePage> {
  await assertMember(db, actor, id);
  const [rows, [read]] = await Promise.all([
    messagesWhere(db, and(eq(messages.conversationId, id), before ? lt(messages.id, before) : undefined), messagesPageSize + 1),
    db
      .select({ upTo: sql<number>`coalesce(min(${conversationMembers.lastReadId}), 0)::int` })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, id), ne(conversationMembers.userId, actor.id))),
  ]);
  return { items: rows.slice(0, messagesPageSize), hasMore: rows.length > messagesPageSize, readByAllUpTo: read?.upTo ?? 0 };
}

/** Each file's bytes, or the field of the first one too large or not of its type. */
function decodeAttachments(input: z.output<typeof sendMessageBody>['attachments']) {
  return input.map((file, i) => {
    const data = Buffer.from(file.data, 'base64');
    if (data.length > maxMessageAttachmentBytes) throw fieldError('VALIDATION_FAILED', `attachments.${i}.data`, 'attachmentTooLarge');
    if (!isFileOfType(data, file.contentType)) throw fieldError('VALIDATION_FAILED', `attachments.${i}.data`, 'attachmentType');
    return { name: file.name, contentType: file.contentType, size: data.length, data };
  });
}

/**
 * POST /api/messages/conversations/:id/messages: the message, its files, the conversation's newest
 * message and the sender's own read mark, and a notification for each other member (their setting
 * decides in-app, Telegram or nothing) — one transaction, so the NOTIFY goes only with the message.
 */
export async function sendMessage(db: Db, actor: Actor, id: number, input: z.output<typeof sendMessageBody>): Promise<Message> {
  const files = decodeAttachments(input.attachments);
  await assertMember(db, actor, id);
  const messageId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(messages)
      .values({ conversationId: id, senderId: actor.id, text: input.text, linkKind: input.link?.kind ?? null, linkId: input.link?.id ?? null })
      .returning({ id: messages.id });
    const newId = created!.id;
    if (files.length) await tx.insert(messageAttachments).values(files.map((f) => ({ messageId: newId, ...f })));
    const [conversation] = await tx
      .update(conversations)
      .set({ lastMessageId: sql`greatest(coalesce(${conversations.lastMessageId}, 0), ${newId})` })
      .where(eq(conversations.id, id))
      .returning({ kind: conversations.kind, title: conversations.title });
    const members = await tx
      .update(conversationMembers)
      .set({
        lastReadId: sql`case when ${conversationMembers.userId} = ${actor.id} then greatest(${conversationMembers.lastReadId}, ${newId}) else ${conversationMembers.lastReadId} end`,
      })
      .where(eq(conversationMembers.conversationId, id))
      .returning({ userId: conversationMembers.userId });
    await notify(tx, {
      to: members.map((m) => m.userId).filter((userId) => userId !== actor.id),
      kind: 'message',
      subject: { type: 'conversation', id },
      // a NOTIFY carries at most 8,000 bytes: the beginning of the text is enough to tell what it is
      params: {
        by: actor.fullName,
        text: input.text.slice(0, 200),
        ...(conversation?.kind === 'group' && conversation.title ? { title: conversation.title } : {}),
      },
    });
    return newId;
  });
  const [sent] = await messagesWhere(db, eq(messages.id, messageId), 1);
  return sent!;
}

/** POST /api/messages/conversations/:id/read: the member has read up to a message of it (never back). */
export async function readConversation(db: Db, actor: Actor, id: number, messageId: number): Promise<{ unread: number }> {
  await assertMember(db, actor, id);
  const [found] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, id)));
  if (!found) throw notFound();
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(conversationMembers)
      .set({ lastReadId: messageId })
      .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, actor.id), lt(conversationMembers.lastReadId, messageId)))
      .returning({ userId: conversationMembers.userId });
    if (!moved) return;
    // the read receipt, live: the other members' open conversation shows it read (not a notification)
    const others = await tx
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, id), ne(conversationMembers.userId, actor.id)));
    await signal(
      tx,
      others.map((m) => m.userId),
      { signal: 'conversationRead', conversationId: id },
    );
  });
  return { unread: await unreadMessages(db, actor.id) };
}

/** GET /api/messages/attachments/:id: a file, for the members of its message's conversation (404 otherwise). */
export async function getAttachment(db: Db, actor: Actor, id: number) {
  const [file] = await db
    .select({ name: messageAttachments.name, contentType: messageAttachments.contentType, data: messageAttachments.data })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, actor.id)))
    .where(eq(messageAttachments.id, id));
  if (!file) throw notFound();
  return file;
}

/** GET /api/messages/search: the text of the actor's conversations, any part of it (ILIKE on a trigram index). */
export async function searchMessages(db: Db, actor: Actor, q: string): Promise<{ items: MessageSearchHit[] }> {
  const pattern = `%${q.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
  const items = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      conversationTitle: titleFor(actor.id),
      senderName: sender.fullName,
      text: messages.text,
      createdAt: isoInstant(messages.createdAt),
    })
    .from(messages)
    .innerJoin(me, and(eq(me.conversationId, messages.conversationId), eq(me.userId, actor.id)))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(sql`${messages.text} ilike ${pattern}`)
    .orderBy(desc(messages.id))
    .limit(messageSearchLimit);
  return { items };
}

/** GET /api/messages/people: every active colleague but oneself (messages are not bound by data scope). */
export async function listPeople(db: Db, actor: Actor): Promise<MessagePerson[]> {
  return db
    .select({ id: users.id, fullName: users.fullName, position: users.position })
    .from(users)
    .where(and(eq(users.active, true), ne(users.id, actor.id)))
    .orderBy(users.fullName)
    .limit(2000);
}
