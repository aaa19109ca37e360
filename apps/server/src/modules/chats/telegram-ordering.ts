import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { createOrderBody, deliveryAddressLine, orderLineBody, searchKey, type Language } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { products } from '../catalog/catalog.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orderPositions, orders } from '../orders/orders.table.js';
import { createOrder } from '../orders/order-lines.service.js';
import { quoteOrder } from '../orders/order-quote.service.js';
import { debtOf } from '../orders/payments.service.js';
import { priceListOf } from '../stock/price-list.service.js';
import { loadActor } from '../users/users.service.js';
import { chatOrderDrafts, chatOrders, clientChats } from './chats.table.js';

/** The commands a client's chat linked to its organization answers (issue 18 item 4). */
export const clientCommands = ['debt', 'prices', 'order', 'repeat', 'confirm'] as const;
export type ClientCommand = (typeof clientCommands)[number];

/** Lines of an /order: "<name or barcode> <quantity>", one per line. */
const lineOf = (text: string) => /^(.+?)[\s×x*]+(\d{1,5})\s*(?:шт|pcs|dona|дона|уп)?\.?$/i.exec(text.trim());
/** At most this many products in an answer of /prices. */
const pricesShown = 10;

interface ClientChat {
  id: number;
  organizationId: number | null;
  linkedBy: number | null;
}

/**
 * A client's command in the company bot, answered in their language. Only a chat the desk linked to its
 * organization orders; the order is made as the user who linked it (their rights and scope decide, as in
 * the app) through the order rules, its Idempotency-Key the Telegram update that confirmed it.
 */
export async function answerClientCommand(
  db: Db,
  input: { externalId: string; command: ClientCommand; args: string; updateId: number; lng: Language },
  now = new Date(),
): Promise<string> {
  const say = (key: string, params?: Record<string, unknown>) => translate(input.lng, key, params);
  const [chat] = await db
    .select({ id: clientChats.id, organizationId: clientChats.organizationId, linkedBy: clientChats.linkedBy })
    .from(clientChats)
    .where(and(eq(clientChats.channel, 'telegram'), eq(clientChats.externalId, input.externalId)));
  const actor = chat?.organizationId && chat.linkedBy ? await loadActor(db, chat.linkedBy) : null;
  if (!chat?.organizationId || !actor) return say('telegram:client.notLinked');
  try {
    switch (input.command) {
      case 'debt':
        return await debtAnswer(db, chat.organizationId, say);
      case 'prices':
        return await pricesAnswer(db, input.args, say, now);
      case 'order':
        return await draftAnswer(db, actor, chat, await positionsOf(db, input.args, say), say, now);
      case 'repeat':
        return await draftAnswer(db, actor, chat, await lastOrderPositions(db, chat.organizationId, say), say, now);
      case 'confirm':
        return await confirmAnswer(db, actor, chat, input.updateId, say, now);
    }
  } catch (error) {
    if (error instanceof ClientMistake) return error.message;
    if (error instanceof AppError) return say(`errors:${error.code}`, error.options.params);
    throw error;
  }
}

class ClientMistake extends Error {}

async function debtAnswer(db: Db, organizationId: number, say: (key: string, params?: Record<string, unknown>) => string) {
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  const debt = await debtOf(db, organizationId);
  const line = debt.total
    ? say('telegram:debt.line', { name: org!.name, total: debt.total, overdue: debt.overdue })
    : say('telegram:debt.noDebt', { name: org!.name });
  return debt.creditLeft === null ? line : `${line}; ${say('telegram:debt.creditLeft', { left: debt.creditLeft })}`;
}

/** /prices <words>: the products in stock whose name has them, with their price and what is free. */
async function pricesAnswer(db: Db, q: string, say: (key: string, params?: Record<string, unknown>) => string, now: Date) {
  const words = searchKey(q.trim()).split(' ').filter(Boolean);
  if (!words.length) return say('telegram:client.pricesUsage');
  const rows = (await priceListOf(db, now)).items.filter((r) => {
    const key = searchKey(`${r.productName} ${r.producerName ?? ''} ${r.barcode ?? ''}`);
    return words.every((w) => key.includes(w));
  });
  if (!rows.length) return say('telegram:client.noProducts', { q });
  const lines = rows.slice(0, pricesShown).map((r) => say('telegram:client.priceLine', { name: r.productName, price: r.salePrice, free: r.free }));
  return [say('telegram:client.prices'), ...lines, '', say('telegram:client.orderUsage')].join('\n');
}

/** The lines of an /order matched to products by barcode or name (the first in stock whose name has every word). */
async function positionsOf(db: Db, text: string, say: (key: string, params?: Record<string, unknown>) => string) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) throw new ClientMistake(say('telegram:client.orderUsage'));
  const positions: { productId: number; quantity: number }[] = [];
  for (const line of lines) {
    const m = lineOf(line);
    if (!m) throw new ClientMistake(say('telegram:client.badLine', { line }));
    const words = searchKey(m[1]!).split(' ').filter(Boolean);
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.active, true),
          /^\d{8,14}$/.test(m[1]!)
            ? eq(products.barcode, m[1]!)
            : sql.join(
                words.map((w) => sql`${products.searchKey} like ${`%${w}%`}`),
                sql` and `,
              ),
        ),
      )
      .orderBy(asc(sql`length(${products.name})`), asc(products.id))
      .limit(1);
    if (!product) throw new ClientMistake(say('telegram:client.unknownProduct', { line: m[1] }));
    const same = positions.find((p) => p.productId === product.id);
    if (same) same.quantity += Number(m[2]);
    else positions.push({ productId: product.id, quantity: Number(m[2]) });
  }
  return positions;
}

async function lastOrderPositions(db: Db, organizationId: number, say: (key: string) => string) {
  const [last] = await db.select({ id: orders.id }).from(orders).where(eq(orders.organizationId, organizationId)).orderBy(desc(orders.id)).limit(1);
  if (!last) throw new ClientMistake(say('telegram:client.noLastOrder'));
  const rows = await db
    .select({ productId: orderPositions.productId, quantity: sql<number>`sum(${orderPositions.quantity})::int` })
    .from(orderPositions)
    .where(eq(orderPositions.orderId, last.id))
    .groupBy(orderPositions.productId)
    .orderBy(sql`min(${orderPositions.id})`);
  return rows;
}

/** Priced as the order would be (the client's terms, FEFO, availability); kept as the draft /confirm sends. */
async function draftAnswer(
  db: Db,
  actor: Actor,
  chat: ClientChat,
  positions: { productId: number; quantity: number }[],
  say: (key: string, params?: Record<string, unknown>) => string,
  now: Date,
) {
  const body = orderLineBody.array().parse(positions);
  const quote = await quoteOrder(db, actor, { organizationId: chat.organizationId!, positions: body }, now);
  await db
    .insert(chatOrderDrafts)
    .values({ chatId: chat.id, positions: body, createdAt: now })
    .onConflictDoUpdate({ target: chatOrderDrafts.chatId, set: { positions: body, createdAt: now } });
  const names = new Map(
    (
      await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(sql`${products.id} in ${body.map((p) => p.productId)}`)
    ).map((p) => [p.id, p.name]),
  );
  const byProduct = new Map<number, { quantity: number; sum: number }>();
  for (const p of quote.positions) {
    const seen = byProduct.get(p.productId) ?? { quantity: 0, sum: 0 };
    byProduct.set(p.productId, { quantity: seen.quantity + p.quantity, sum: seen.sum + p.sumSale });
  }
  const lines = body.map(({ productId }) => {
    const priced = byProduct.get(productId) ?? { quantity: 0, sum: 0 };
    return say('telegram:client.draftLine', { name: names.get(productId), quantity: priced.quantity, sum: priced.sum });
  });
  return [say('telegram:client.draft'), ...lines, say('telegram:client.draftTotal', { total: quote.sumSale }), '', say('telegram:client.confirmUsage')].join(
    '\n',
  );
}

/** /confirm: the draft becomes a new order for the desk; the same update delivered again answers the same order. */
async function confirmAnswer(
  db: Db,
  actor: Actor,
  chat: ClientChat,
  updateId: number,
  say: (key: string, params?: Record<string, unknown>) => string,
  now: Date,
) {
  const [draft] = await db.select().from(chatOrderDrafts).where(eq(chatOrderDrafts.chatId, chat.id));
  if (!draft) return say('telegram:client.noDraft');
  const [org] = await db
    .select({ deliveryAddress: organizations.deliveryAddress, deliveryHouse: organizations.deliveryHouse })
    .from(organizations)
    .where(eq(organizations.id, chat.organizationId!));
  const body = createOrderBody.parse({
    organizationId: chat.organizationId,
    deliveryAddress: deliveryAddressLine(org!),
    comment: say('telegram:client.orderComment'),
    positions: draft.positions,
  });
  const { order } = await createOrder(db, actor, body, `telegram:${updateId}`, now);
  await db.transaction(async (tx) => {
    await tx.insert(chatOrders).values({ orderId: order.id, chatId: chat.id, toldStatus: order.status }).onConflictDoNothing();
    await tx.delete(chatOrderDrafts).where(eq(chatOrderDrafts.chatId, chat.id));
  });
  return say('telegram:client.ordered', { number: order.number, total: order.sumSale });
}
