import { and, eq, ne, sql } from 'drizzle-orm';
import { defaultLanguage } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';
import { translate } from '../../platform/i18n.js';
import { orders } from '../orders/orders.table.js';
import { formatOrderNumber } from '../orders/orders.service.js';
import { chatOrders, clientChatMessages, clientChats } from './chats.table.js';
import { sendToClient } from './chat-channels.js';

/** Orders told of in one round at most (the next round tells the rest). */
const roundSize = 100;

/**
 * Tells the clients who ordered in the bot each new status of their orders, in their language, and keeps
 * the message in their conversation. A status is told once: the row's told status moves only from the one
 * read (another instance telling the same change at the same moment moves nothing and sends nothing).
 */
export async function tellOrderStatuses(db: Db, config: Config): Promise<{ told: number }> {
  const changed = await db
    .select({
      orderId: chatOrders.orderId,
      chatId: chatOrders.chatId,
      told: chatOrders.toldStatus,
      status: orders.status,
      number: orders.number,
      channel: clientChats.channel,
      externalId: clientChats.externalId,
      language: clientChats.language,
    })
    .from(chatOrders)
    .innerJoin(orders, eq(orders.id, chatOrders.orderId))
    .innerJoin(clientChats, eq(clientChats.id, chatOrders.chatId))
    .where(ne(orders.status, sql`${chatOrders.toldStatus}`))
    .limit(roundSize);
  let told = 0;
  for (const c of changed) {
    const claimed = await db
      .update(chatOrders)
      .set({ toldStatus: c.status })
      .where(and(eq(chatOrders.orderId, c.orderId), eq(chatOrders.toldStatus, c.told)))
      .returning({ orderId: chatOrders.orderId });
    if (!claimed.length) continue;
    const lng = c.language ?? defaultLanguage;
    const text = translate(lng, 'telegram:client.status', { number: formatOrderNumber(c.number), status: translate(lng, `enums:orderStatus.${c.status}`) });
    const sent = await sendToClient(config, c.channel, c.externalId, text);
    await db.transaction(async (tx) => {
      await tx.insert(clientChatMessages).values({ chatId: c.chatId, direction: 'out', text, delivery: sent ? 'sent' : 'failed' });
      await tx.update(clientChats).set({ lastMessageAt: new Date(), lastMessageText: text, lastDirection: 'out' }).where(eq(clientChats.id, c.chatId));
    });
    told += 1;
  }
  return { told };
}
