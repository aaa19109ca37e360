import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { searchText, type ChatChannel, type ChatMessage, type chatReplyBody, type Language } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Config } from '../../config.js';
import type { Actor } from '../../platform/auth.js';
import { isoInstant } from '../../platform/sql.js';
import { signal } from '../notifications/notifications.service.js';
import { clientChatAttachments, clientChatMessages, clientChats } from './chats.table.js';
import { attachmentsOf, chatAudience, getChat, refreshChatSearchKey } from './chats.service.js';
import { sendToClient } from './chat-channels.js';
import { decodeChatAttachment, type ChatFile } from './chat-files.js';

/** What the inbox list shows of a message: its first line, at most this long (a file without a caption: its name). */
const previewLength = 200;
const preview = (text: string, files: readonly { name: string }[] = []) =>
  (text.replace(/\s+/g, ' ').trim() || files.map((f) => `📎 ${f.name}`).join(', ')).slice(0, previewLength);

/** Tells those who may see the conversation that it has news (a client's message, a reply's delivery): their inbox reads it again. */
async function signalChat(tx: Tx, chatId: number) {
  await signal(tx, await chatAudience(tx, chatId), { signal: 'chatMessage', chatId });
}

export interface IncomingClientMessage {
  channel: ChatChannel;
  /** the client's chat on the channel */
  externalId: string;
  /** the client's name as the channel gives it */
  title: string;
  /**
   * whether a later message's title replaces the conversation's (Telegram sends the name with each
   * message); false when it is only a stand-in until the client's name is looked up (Meta)
   */
  titleUpdates?: boolean;
  language?: Language | null;
  /** the text, or the caption of its files ('' for none) */
  text: string;
  /** the photos and documents it carries, as read from the channel */
  files?: ChatFile[];
  /** the channel's id of the message: delivered twice, kept once */
  messageId: string;
  at?: Date;
}

/**
 * A client's message from a channel: their conversation (made on the first one), the message once,
 * the conversation opened again with one more unread. Answers the conversation and whether it is new.
 */
export async function receiveClientMessage(db: Db, m: IncomingClientMessage): Promise<{ chatId: number; created: boolean; duplicate: boolean }> {
  const at = m.at ?? new Date();
  return db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(clientChats)
      .values({ channel: m.channel, externalId: m.externalId, title: m.title, language: m.language ?? null, searchKey: searchText(m.title), lastMessageAt: at })
      .onConflictDoUpdate({
        target: [clientChats.channel, clientChats.externalId],
        set: { title: m.titleUpdates === false ? sql`${clientChats.title}` : m.title },
      })
      .returning({ id: clientChats.id, created: sql<boolean>`(xmax = 0)` });
    const [message] = await tx
      .insert(clientChatMessages)
      .values({ chatId: chat!.id, direction: 'in', text: m.text, externalId: m.messageId, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: clientChatMessages.id });
    if (!message) return { chatId: chat!.id, created: false, duplicate: true };
    const files = m.files ?? [];
    if (files.length) await tx.insert(clientChatAttachments).values(files.map((f) => ({ messageId: message.id, ...f })));
    await tx
      .update(clientChats)
      .set({
        lastMessageAt: at,
        lastMessageText: preview(m.text, files),
        lastDirection: 'in',
        unread: sql`${clientChats.unread} + 1`,
        status: 'open',
      })
      .where(eq(clientChats.id, chat!.id));
    await signalChat(tx, chat!.id);
    return { chatId: chat!.id, created: chat!.created, duplicate: false };
  });
}

/**
 * The client's name, found after their conversation was made with a stand-in title (Meta gives only an
 * id): it becomes the title (and the search key) while the title is still that stand-in.
 */
export async function nameChat(db: Db, id: number, standIn: string, name: string): Promise<void> {
  const [renamed] = await db
    .update(clientChats)
    .set({ title: name })
    .where(and(eq(clientChats.id, id), eq(clientChats.title, standIn)))
    .returning({ id: clientChats.id });
  if (renamed) await refreshChatSearchKey(db, id);
}

/**
 * An answer to the client (a text, a file, or a file with its caption): kept first (pending), sent
 * through the conversation's channel, then marked sent or failed — a failed one stays in the
 * conversation, marked, so nobody thinks the client has it. The conversation then waits for the client;
 * those who see it are told when the delivery is known.
 */
export async function replyToChat(db: Db, config: Config, actor: Actor, id: number, input: z.output<typeof chatReplyBody>): Promise<ChatMessage> {
  const { text } = input;
  const file = input.attachment ? decodeChatAttachment(input.attachment) : undefined;
  await getChat(db, actor, id);
  const [chat] = await db.select({ channel: clientChats.channel, externalId: clientChats.externalId }).from(clientChats).where(eq(clientChats.id, id));
  const messageId = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(clientChatMessages)
      .values({ chatId: id, direction: 'out', text, authorId: actor.id, delivery: 'pending' })
      .returning({ id: clientChatMessages.id });
    if (file) await tx.insert(clientChatAttachments).values({ messageId: message!.id, ...file });
    await tx
      .update(clientChats)
      .set({
        lastMessageAt: new Date(),
        lastMessageText: preview(text, file ? [file] : []),
        lastDirection: 'out',
        unread: 0,
        status: 'waiting',
        assignedTo: sql`coalesce(${clientChats.assignedTo}, ${actor.id})`,
      })
      .where(eq(clientChats.id, id));
    return message!.id;
  });
  const sent = await sendToClient(config, chat!.channel, chat!.externalId, text, file);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(clientChatMessages)
      .set({ delivery: sent ? 'sent' : 'failed' })
      .where(eq(clientChatMessages.id, messageId))
      .returning({
        id: clientChatMessages.id,
        direction: clientChatMessages.direction,
        text: clientChatMessages.text,
        delivery: clientChatMessages.delivery,
        createdAt: isoInstant(clientChatMessages.createdAt),
      });
    const files = await attachmentsOf(tx, [messageId]);
    await signalChat(tx, id);
    return { ...row!, authorName: actor.fullName, attachments: files.get(messageId) ?? [] };
  });
}
