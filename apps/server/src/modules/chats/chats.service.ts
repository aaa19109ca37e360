import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  chatListCountCap,
  chatMessagesPageSize,
  searchText,
  type ChatAttachment,
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
import { rolePermissions, roles } from '../roles/roles.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { assertOrganizationVisible, organizationScope } from '../organizations/organizations.service.js';
import { leads } from '../leads/leads.table.js';
import { getLead } from '../leads/leads.service.js';
import { clientChatAttachments, clientChatMessages, clientChats } from './chats.table.js';

/**
 * Who sees a conversation: its assignee within the data scope, and whoever sees the organization it is
 * linked to (the territory: a rep sees their clients' conversations) or the lead (its assignee's scope).
 * Unassigned, unlinked ones are the desk's (scope all).
 */
export function chatScope(actor: Pick<Actor, 'id' | 'scope'>): SQL | undefined {
  if (actor.scope === 'all') return undefined;
  const territory = organizationScope(actor, sql`o.district_id`);
  const leadOwner = inScope(actor, sql`l.assigned_to`);
  return or(
    inScope(actor, clientChats.assignedTo),
    sql`exists (select 1 from ${organizations} o where o.id = ${q(clientChats.organizationId)} and ${territory})`,
    sql`exists (select 1 from ${leads} l where l.id = ${q(clientChats.leadId)} and ${leadOwner})`,
  );
}

/** How many users one query checks the scope of (one boolean column each). */
const audienceChunk = 100;

/**
 * Who may see a conversation now: the active users holding chats.view whose data scope sees it (`chatScope`
 * — its assignee among them), for the signal that their inbox has news. Those of scope all see every one;
 * the others are checked in one query per hundred, a column each.
 */
export async function chatAudience(db: Tx, chatId: number): Promise<number[]> {
  const candidates = await db
    .select({ id: users.id, scope: roles.scope })
    .from(users)
    .innerJoin(roles, eq(roles.code, users.role))
    .where(and(eq(users.active, true), sql`exists (select 1 from ${rolePermissions} rp where rp.role = ${q(users.role)} and rp.permission = 'chats.view')`));
  const audience = candidates.filter((c) => c.scope === 'all').map((c) => c.id);
  const scoped = candidates.filter((c) => c.scope !== 'all');
  for (let i = 0; i < scoped.length; i += audienceChunk) {
    const chunk = scoped.slice(i, i + audienceChunk);
    const [row] = await db
      // a comparison with an unassigned conversation's null is unknown: not seen
      .select(Object.fromEntries(chunk.map((c) => [`u${c.id}`, sql<boolean>`coalesce((${chatScope(c) ?? sql`true`}), false)`])))
      .from(clientChats)
      .where(eq(clientChats.id, chatId));
    if (row) audience.push(...chunk.filter((c) => row[`u${c.id}`] === true).map((c) => c.id));
  }
  return audience;
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
  const items = rows.slice(0, chatMessagesPageSize);
  const files = await attachmentsOf(
    db,
    items.map((m) => m.id),
  );
  return { items: items.map((m) => ({ ...m, attachments: files.get(m.id) ?? [] })), hasMore: rows.length > chatMessagesPageSize };
}

/** The files of these messages (name, type, size — never the bytes), by message. */
export async function attachmentsOf(db: Tx, messageIds: number[]): Promise<Map<number, ChatAttachment[]>> {
  const byMessage = new Map<number, ChatAttachment[]>();
  if (!messageIds.length) return byMessage;
  const rows = await db
    .select({
      id: clientChatAttachments.id,
      messageId: clientChatAttachments.messageId,
      name: clientChatAttachments.name,
      contentType: clientChatAttachments.contentType,
      size: clientChatAttachments.size,
    })
    .from(clientChatAttachments)
    .where(inArray(clientChatAttachments.messageId, messageIds))
    .orderBy(clientChatAttachments.id);
  for (const { messageId, ...file } of rows) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), file]);
  return byMessage;
}

/** GET /api/chats/attachments/:id: a file, for those who see its conversation (404 otherwise, as a conversation out of scope). */
export async function getChatAttachment(db: Db, actor: Actor, id: number) {
  const [file] = await db
    .select({ name: clientChatAttachments.name, contentType: clientChatAttachments.contentType, data: clientChatAttachments.data })
    .from(clientChatAttachments)
    .innerJoin(clientChatMessages, eq(clientChatMessages.id, clientChatAttachments.messageId))
    .innerJoin(clientChats, eq(clientChats.id, clientChatMessages.chatId))
    .where(and(eq(clientChatAttachments.id, id), chatScope(actor)));
  if (!file) throw notFound();
  return file;
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
