import { and, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  chatListCountCap,
  chatMessagesPageSize,
  searchText,
  type ChatMessages,
  type ChatSummary,
  type listChatsQuery,
  type Paged,
  type updateChatBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { inScope } from '../../platform/scope.js';
import { searchCondition } from '../../platform/search.js';
import { isoInstant, qualified as q } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { assertOrganizationVisible, organizationScope } from '../organizations/organizations.service.js';
import { leads } from '../leads/leads.table.js';
import { getLead } from '../leads/leads.service.js';
import { clientChatMessages, clientChats } from './chats.table.js';

/**
 * Who sees a conversation: its assignee within the data scope, and whoever sees the organization it is
 * linked to (the territory: a rep sees their clients' conversations) or the lead (its assignee's scope).
 * Unassigned, unlinked ones are the desk's (scope all).
 */
export function chatScope(actor: Actor): SQL | undefined {
  if (actor.scope === 'all') return undefined;
  const territory = organizationScope(actor, sql`o.district_id`);
  const leadOwner = inScope(actor, sql`l.assigned_to`);
  return or(
    inScope(actor, clientChats.assignedTo),
    sql`exists (select 1 from ${organizations} o where o.id = ${q(clientChats.organizationId)} and ${territory})`,
    sql`exists (select 1 from ${leads} l where l.id = ${q(clientChats.leadId)} and ${leadOwner})`,
  );
}

const summaryColumns = {
  id: clientChats.id,
  channel: clientChats.channel,
  title: clientChats.title,
  organizationId: clientChats.organizationId,
  organizationName: sql<string | null>`(select o.name from ${organizations} o where o.id = ${q(clientChats.organizationId)})`,
  leadId: clientChats.leadId,
  leadName: sql<string | null>`(select l.name from ${leads} l where l.id = ${q(clientChats.leadId)})`,
  assignedTo: clientChats.assignedTo,
  assignedName: sql<string | null>`(select u.full_name from ${users} u where u.id = ${q(clientChats.assignedTo)})`,
  status: clientChats.status,
  lastMessageAt: isoInstant(clientChats.lastMessageAt),
  lastMessageText: clientChats.lastMessageText,
  lastDirection: clientChats.lastDirection,
  unread: clientChats.unread,
};

/** The inbox, newest conversation first (an index on last_message_at answers a page without sorting), counted up to `chatListCountCap`. */
export async function listChats(db: Db, actor: Actor, query: z.output<typeof listChatsQuery>): Promise<Paged<ChatSummary>> {
  const where = and(
    chatScope(actor),
    query.status ? eq(clientChats.status, query.status) : undefined,
    query.channel ? eq(clientChats.channel, query.channel) : undefined,
    query.mine === 'true' ? eq(clientChats.assignedTo, actor.id) : undefined,
    query.q ? searchCondition(clientChats.searchKey, query.q) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(clientChats)
      .where(where)
      .orderBy(desc(clientChats.lastMessageAt), desc(clientChats.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(clientChats)
        .where(where)
        .limit(chatListCountCap)
        .as('counted'),
    ),
  ]);
  return { items, total: total?.n ?? 0, page: query.page, size: query.size };
}

export async function getChat(db: Tx, actor: Actor, id: number): Promise<ChatSummary> {
  const [row] = await db
    .select(summaryColumns)
    .from(clientChats)
    .where(and(eq(clientChats.id, id), chatScope(actor)));
  if (!row) throw notFound();
  return row;
}

/** 50 messages before `before` (the newest when absent), newest first. */
export async function listChatMessages(db: Db, actor: Actor, id: number, before: number | undefined): Promise<ChatMessages> {
  await getChat(db, actor, id);
  const rows = await db
    .select({
      id: clientChatMessages.id,
      direction: clientChatMessages.direction,
      text: clientChatMessages.text,
      authorName: users.fullName,
      delivery: clientChatMessages.delivery,
      createdAt: isoInstant(clientChatMessages.createdAt),
    })
    .from(clientChatMessages)
    .leftJoin(users, eq(users.id, clientChatMessages.authorId))
    .where(and(eq(clientChatMessages.chatId, id), before ? lt(clientChatMessages.id, before) : undefined))
    .orderBy(desc(clientChatMessages.id))
    .limit(chatMessagesPageSize + 1);
  return { items: rows.slice(0, chatMessagesPageSize), hasMore: rows.length > chatMessagesPageSize };
}

export async function readChat(db: Db, actor: Actor, id: number): Promise<void> {
  await getChat(db, actor, id);
  await db.update(clientChats).set({ unread: 0 }).where(eq(clientChats.id, id));
}

/** The search key: the client's name and the names of what it is linked to (decision 028). */
export async function refreshChatSearchKey(db: Tx, id: number) {
  const [row] = await db
    .select({
      title: clientChats.title,
      organizationName: sql<string | null>`(select o.name from ${organizations} o where o.id = ${q(clientChats.organizationId)})`,
      leadName: sql<string | null>`(select l.name from ${leads} l where l.id = ${q(clientChats.leadId)})`,
    })
    .from(clientChats)
    .where(eq(clientChats.id, id));
  if (row)
    await db
      .update(clientChats)
      .set({ searchKey: searchText(row.title, row.organizationName, row.leadName) })
      .where(eq(clientChats.id, id));
}

/** Assign (to someone in the actor's scope), set the status, link to an organization or lead the actor sees. */
export async function updateChat(db: Db, actor: Actor, id: number, input: z.output<typeof updateChatBody>): Promise<ChatSummary> {
  const before = await getChat(db, actor, id);
  if (input.assignedTo) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.assignedTo), eq(users.active, true), inScope(actor, users.id)));
    if (!user) throw fieldError('VALIDATION_FAILED', 'assignedTo', 'assigneeOutOfScope');
  }
  if (input.organizationId) await assertOrganizationVisible(db, actor, input.organizationId);
  if (input.leadId) {
    try {
      await getLead(db, actor, input.leadId);
    } catch {
      throw fieldError('VALIDATION_FAILED', 'leadId', 'invalidOption');
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .update(clientChats)
      .set({
        ...(input.assignedTo !== undefined ? { assignedTo: input.assignedTo } : {}),
        ...(input.status ? { status: input.status } : {}),
        ...(input.organizationId !== undefined ? { organizationId: input.organizationId, linkedBy: input.organizationId ? actor.id : null } : {}),
        ...(input.leadId !== undefined ? { leadId: input.leadId } : {}),
      })
      .where(eq(clientChats.id, id));
    await refreshChatSearchKey(tx, id);
    await recordAudit(tx, actor, { entity: 'chat', entityId: id, action: 'update', before, after: input });
  });
  return getChat(db, actor, id);
}
