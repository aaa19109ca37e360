import { startSweep } from '../../platform/sweep.js';
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  openTaskStatuses,
  taskManagerMoves,
  taskTransitions,
  type createTaskBody,
  type listTasksQuery,
  type Paged,
  type Task,
  type TaskStatus,
  type TaskSummary,
  type updateTaskBody,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { offsetOf } from '../../platform/paging.js';
import { inScope, teamOf } from '../../platform/scope.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import { searchText } from '@pharma/contracts';
import { notify } from '../notifications/notifications.service.js';
import { organizations } from '../organizations/organizations.table.js';
import { users } from '../users/users.table.js';
import { taskChecklistItems, taskComments, tasks } from './tasks.table.js';

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const isOpen = sql`${tasks.status} in ('new', 'in_progress')`;

const summaryColumns = {
  id: tasks.id,
  title: tasks.title,
  status: tasks.status,
  priority: tasks.priority,
  dueAt: sql<string | null>`case when ${tasks.dueAt} is null then null else ${isoInstant(tasks.dueAt)} end`,
  assigneeId: tasks.assigneeId,
  assigneeName: assignee.fullName,
  creatorId: tasks.creatorId,
  creatorName: creator.fullName,
  organizationId: tasks.organizationId,
  organizationName: organizations.name,
  orderId: tasks.orderId,
  checklistDone: sql<number>`(select count(*)::int from ${taskChecklistItems} c where c.task_id = ${tasks.id} and c.done)`,
  checklistTotal: sql<number>`(select count(*)::int from ${taskChecklistItems} c where c.task_id = ${tasks.id})`,
  overdue: sql<boolean>`coalesce(${isOpen} and ${tasks.dueAt} < now(), false)`,
  createdAt: isoInstant(tasks.createdAt),
  updatedAt: isoInstant(tasks.updatedAt),
};

function selectSummaries(db: Tx) {
  return db
    .select(summaryColumns)
    .from(tasks)
    .innerJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .innerJoin(creator, eq(creator.id, tasks.creatorId))
    .leftJoin(organizations, eq(organizations.id, tasks.organizationId));
}

/** The tasks a user sees: those of people in their scope (their own, their team's), and those they gave. */
function visible(actor: Actor): SQL | undefined {
  const scoped = inScope(actor, tasks.assigneeId);
  return scoped ? or(scoped, eq(tasks.creatorId, actor.id)) : undefined;
}

/** GET /api/tasks: open and overdue first by due time, then the rest; filters by status, assignee, due dates, text. */
export async function listTasks(db: Db, actor: Actor, query: z.output<typeof listTasksQuery>): Promise<Paged<TaskSummary>> {
  const where = and(
    visible(actor),
    query.status ? eq(tasks.status, query.status) : undefined,
    query.assigneeId ? eq(tasks.assigneeId, query.assigneeId) : undefined,
    query.mine === 'assigned' ? eq(tasks.assigneeId, actor.id) : query.mine === 'created' ? eq(tasks.creatorId, actor.id) : undefined,
    query.overdue === 'true' ? sql`(${isOpen} and ${tasks.dueAt} < now())` : undefined,
    query.dueFrom ? sql`${tasks.dueAt} >= ${dayStart(query.dueFrom).toISOString()}` : undefined,
    query.dueTo ? sql`${tasks.dueAt} < ${new Date(dayStart(query.dueTo).getTime() + 86_400_000).toISOString()}` : undefined,
    query.q ? sql`lower(${tasks.title}) like ${`%${searchText(query.q).replaceAll('%', '\\%').replaceAll('_', '\\_')}%`}` : undefined,
  );
  const [items, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(sql`case when ${isOpen} then 0 else 1 end`, sql`${tasks.dueAt} asc nulls last`, sql`${tasks.id} desc`)
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { items: items as TaskSummary[], total: total?.n ?? 0, page: query.page, size: query.size };
}

/**
 * The desktop's exceptions inbox (issue 17): open tasks past their due time of the people in the actor's
 * scope (and those the actor gave), never the actor's own; the longest overdue first, `limit` of `total`.
 */
export async function overdueTasksOfOthers(db: Db, actor: Actor, limit: number, now = new Date()): Promise<{ items: TaskSummary[]; total: number }> {
  const where = and(visible(actor), ne(tasks.assigneeId, actor.id), sql`${isOpen} and ${tasks.dueAt} < ${now.toISOString()}`);
  const [items, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(sql`${tasks.dueAt} asc`, tasks.id)
      .limit(limit),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { items: items as TaskSummary[], total: total?.n ?? 0 };
}

interface TaskRow {
  id: number;
  status: TaskStatus;
  assigneeId: number;
  creatorId: number;
}

/**
 * Who may do what with a task: its assignee works it; its creator, and a manager over the assignee
 * (scope all, or the assignee in their team and not themselves), also change and cancel it.
 */
async function rightsOn(db: Tx, actor: Actor, row: TaskRow) {
  const isAssignee = row.assigneeId === actor.id;
  let manages = row.creatorId === actor.id || (actor.scope === 'all' && !isAssignee);
  if (!manages && actor.scope === 'team' && !isAssignee) {
    const [inTeam] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, row.assigneeId), sql`${users.id} in (${teamOf(actor.id)})`));
    manages = !!inTeam;
  }
  const moves = taskTransitions[row.status].filter((to) => {
    if (taskManagerMoves.includes(to) || row.status === 'cancelled') return manages;
    return isAssignee || manages;
  });
  return { manages, works: isAssignee || manages, moves };
}

async function taskRow(db: Tx, actor: Actor, id: number): Promise<TaskRow> {
  const [row] = await db
    .select({ id: tasks.id, status: tasks.status, assigneeId: tasks.assigneeId, creatorId: tasks.creatorId })
    .from(tasks)
    .where(and(eq(tasks.id, id), visible(actor)));
  if (!row) throw notFound();
  return row;
}

/** GET /api/tasks/:id */
export async function getTask(db: Tx, actor: Actor, id: number): Promise<Task> {
  const row = await taskRow(db, actor, id);
  const [summary] = await selectSummaries(db).where(eq(tasks.id, id));
  const [extra] = await db.select({ description: tasks.description, visitId: tasks.visitId, doctorId: tasks.doctorId }).from(tasks).where(eq(tasks.id, id));
  const checklist = await db
    .select({ id: taskChecklistItems.id, text: taskChecklistItems.text, done: taskChecklistItems.done })
    .from(taskChecklistItems)
    .where(eq(taskChecklistItems.taskId, id))
    .orderBy(asc(taskChecklistItems.id));
  const comments = await db
    .select({
      id: taskComments.id,
      authorId: taskComments.authorId,
      authorName: users.fullName,
      text: taskComments.text,
      createdAt: isoInstant(taskComments.createdAt),
    })
    .from(taskComments)
    .innerJoin(users, eq(users.id, taskComments.authorId))
    .where(eq(taskComments.taskId, id))
    .orderBy(asc(taskComments.id));
  const rights = await rightsOn(db, actor, row);
  return { ...(summary as TaskSummary), ...extra!, checklist, comments, moves: rights.moves, editable: rights.manages };
}

/**
 * POST /api/tasks: a copy for each assignee, each of whom must be in the giver's scope (a rep gives
 * tasks to themselves, a chief to their team); each assignee but the giver is told.
 */
export async function createTasks(db: Db, actor: Actor, input: z.output<typeof createTaskBody>): Promise<{ ids: number[] }> {
  const allowed = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, input.assigneeIds), eq(users.active, true), inScope(actor, users.id)));
  if (allowed.length !== input.assigneeIds.length) throw fieldError('VALIDATION_FAILED', 'assigneeIds', 'assigneeOutOfScope');
  const now = new Date();
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const assigneeId of input.assigneeIds) {
      const [created] = await tx
        .insert(tasks)
        .values({
          title: input.title,
          description: input.description ?? null,
          assigneeId,
          creatorId: actor.id,
          dueAt: input.dueAt ? new Date(input.dueAt) : null,
          priority: input.priority,
          organizationId: input.organizationId ?? null,
          orderId: input.orderId ?? null,
          visitId: input.visitId ?? null,
          doctorId: input.doctorId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tasks.id });
      const id = created!.id;
      ids.push(id);
      if (input.checklist.length) await tx.insert(taskChecklistItems).values(input.checklist.map((text) => ({ taskId: id, text })));
      if (assigneeId !== actor.id)
        await notify(tx, { to: [assigneeId], kind: 'taskAssigned', subject: { type: 'task', id }, params: { title: input.title, by: actor.fullName } });
      await recordAudit(tx, actor, { entity: 'task', entityId: id, action: 'create', after: { title: input.title, assigneeId, dueAt: input.dueAt ?? null } });
    }
    return { ids };
  });
}

/** PUT /api/tasks/:id: its creator or a manager over the assignee. */
export async function updateTask(db: Db, actor: Actor, id: number, input: z.output<typeof updateTaskBody>): Promise<Task> {
  const row = await taskRow(db, actor, id);
  if (!(await rightsOn(db, actor, row)).manages) throw new AppError('TASK_MOVE_NOT_ALLOWED');
  await db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({
        title: input.title,
        description: input.description ?? null,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
        priority: input.priority,
        organizationId: input.organizationId ?? null,
        orderId: input.orderId ?? null,
        visitId: input.visitId ?? null,
        doctorId: input.doctorId ?? null,
        updatedAt: new Date(),
        // a new due time reminds again
        remindedAt: null,
      })
      .where(eq(tasks.id, id));
    await recordAudit(tx, actor, { entity: 'task', entityId: id, action: 'update', after: { title: input.title, dueAt: input.dueAt ?? null } });
  });
  return getTask(db, actor, id);
}

/**
 * POST /api/tasks/:id/move: along the contracts' transitions, by who may make the move; conditional on
 * the status read, so of two moves at once one wins and the other gets TASK_STATUS_REFUSED.
 */
export async function moveTask(db: Db, actor: Actor, id: number, to: TaskStatus): Promise<Task> {
  const row = await taskRow(db, actor, id);
  if (!taskTransitions[row.status].includes(to)) throw new AppError('TASK_STATUS_REFUSED');
  if (!(await rightsOn(db, actor, row)).moves.includes(to)) throw new AppError('TASK_MOVE_NOT_ALLOWED');
  const now = new Date();
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(tasks)
      .set({ status: to, updatedAt: now, completedAt: to === 'done' ? now : null })
      .where(and(eq(tasks.id, id), eq(tasks.status, row.status)))
      .returning({ id: tasks.id });
    if (!moved) throw new AppError('TASK_STATUS_REFUSED');
    await recordAudit(tx, actor, { entity: 'task', entityId: id, action: 'move', before: { status: row.status }, after: { status: to } });
  });
  return getTask(db, actor, id);
}

/** POST /api/tasks/:id/comments: whoever sees the task. */
export async function commentTask(db: Db, actor: Actor, id: number, text: string): Promise<Task> {
  await taskRow(db, actor, id);
  await db.insert(taskComments).values({ taskId: id, authorId: actor.id, text });
  return getTask(db, actor, id);
}

async function assertWorks(db: Tx, actor: Actor, id: number) {
  const row = await taskRow(db, actor, id);
  if (!(await rightsOn(db, actor, row)).works) throw new AppError('TASK_MOVE_NOT_ALLOWED');
}

/** POST /api/tasks/:id/checklist */
export async function addChecklistItem(db: Db, actor: Actor, id: number, text: string): Promise<Task> {
  await assertWorks(db, actor, id);
  await db.insert(taskChecklistItems).values({ taskId: id, text });
  return getTask(db, actor, id);
}

/** PUT /api/tasks/:id/checklist/:itemId */
export async function checkChecklistItem(db: Db, actor: Actor, id: number, itemId: number, done: boolean): Promise<Task> {
  await assertWorks(db, actor, id);
  const [item] = await db
    .update(taskChecklistItems)
    .set({ done })
    .where(and(eq(taskChecklistItems.id, itemId), eq(taskChecklistItems.taskId, id)))
    .returning({ id: taskChecklistItems.id });
  if (!item) throw notFound();
  return getTask(db, actor, id);
}

/**
 * The reminder before a task is due (issue 17): each open task due within `leadMinutes` that has not
 * been reminded tells its assignee once. The claim (reminded_at) and the notification are one
 * transaction, so two instances sweeping at once remind once.
 */
export async function remindDueTasks(db: Db, leadMinutes: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(tasks)
      .set({ remindedAt: now })
      .where(
        and(
          inArray(tasks.status, [...openTaskStatuses]),
          sql`${tasks.remindedAt} is null`,
          sql`${tasks.dueAt} <= ${new Date(now.getTime() + leadMinutes * 60_000).toISOString()}`,
        ),
      )
      .returning({ id: tasks.id, assigneeId: tasks.assigneeId, title: tasks.title, dueAt: isoInstant(tasks.dueAt) });
    for (const task of due)
      await notify(tx, { to: [task.assigneeId], kind: 'taskDue', subject: { type: 'task', id: task.id }, params: { title: task.title, dueAt: task.dueAt } });
    return due.length;
  });
}

export function startTaskReminders(app: FastifyInstance, everySeconds: number, leadMinutes: number) {
  startSweep(app, 'task reminders', everySeconds, async () => void (await remindDueTasks(app.db, leadMinutes)));
}
