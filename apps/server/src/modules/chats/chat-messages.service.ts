import { and, eq, sql } from 'drizzle-orm';
import { searchText, type ChatChannel, type ChatMessage, type Language } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';
import type { Actor } from '../../platform/auth.js';
import { isoInstant } from '../../platform/sql.js';
import { clientChatMessages, clientChats } from './chats.table.js';
import { getChat, refreshChatSearchKey } from './chats.service.js';
import { sendToClient } from './chat-channels.js';

/** What the inbox list shows of a message: its first line, at most this long. */
const previewLength = 200;
const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, previewLength);

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
  text: string;
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
    await tx
      .update(clientChats)
      .set({ lastMessageAt: at, lastMessageText: preview(m.text), lastDirection: 'in', unread: sql`${clientChats.unread} + 1`, status: 'open' })
      .where(eq(clientChats.id, chat!.id));
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
 * An answer to the client: kept first (pending), sent through the conversation's channel, then marked
 * sent or failed — a failed one stays in the conversation, marked, so nobody thinks the client has it.
 * The conversation then waits for the client.
 */
export async function replyToChat(db: Db, config: Config, actor: Actor, id: number, text: string): Promise<ChatMessage> {
  await getChat(db, actor, id);
  const [chat] = await db.select({ channel: clientChats.channel, externalId: clientChats.externalId }).from(clientChats).where(eq(clientChats.id, id));
  const messageId = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(clientChatMessages)
      .values({ chatId: id, direction: 'out', text, authorId: actor.id, delivery: 'pending' })
      .returning({ id: clientChatMessages.id });
    await tx
      .update(clientChats)
      .set({
        lastMessageAt: new Date(),
        lastMessageText: preview(text),
        lastDirection: 'out',
        unread: 0,
        status: 'waiting',
        assignedTo: sql`coalesce(${clientChats.assignedTo}, ${actor.id})`,
      })
      .where(eq(clientChats.id, id));
    return message!.id;
  });
  const sent = await sendToClient(config, chat!.channel, chat!.externalId, text);
  const [row] = await db
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
  return { ...row!, authorName: actor.fullName };
}
