import { z } from 'zod';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, queryId, recordId, requiredText } from './common/validation.js';

/** Single tasks (issue 17): work that is not a visit, given to one person or to each of a team. */
export const taskStatuses = ['new', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const taskPriorities = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof taskPriorities)[number];

/**
 * Where a task may go from each status. The assignee works it (start, finish, back to new); the
 * creator or a manager over the assignee also cancels it and reopens a finished or cancelled one.
 */
export const taskTransitions: Record<TaskStatus, readonly TaskStatus[]> = {
  new: ['in_progress', 'done', 'cancelled'],
  in_progress: ['new', 'done', 'cancelled'],
  done: ['in_progress'],
  cancelled: ['new'],
};
/** The moves only the creator or a manager over the assignee makes. */
export const taskManagerMoves: readonly TaskStatus[] = ['cancelled'];
export const openTaskStatuses: readonly TaskStatus[] = ['new', 'in_progress'];

const instant = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalidDate') });

export const taskChecklistItem = z.object({ id: z.number().int(), text: z.string(), done: z.boolean() });
export type TaskChecklistItem = z.infer<typeof taskChecklistItem>;
export const taskComment = z.object({ id: z.number().int(), authorId: z.number().int(), authorName: z.string(), text: z.string(), createdAt: z.string() });
export type TaskComment = z.infer<typeof taskComment>;

export const taskSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(taskStatuses),
  priority: z.enum(taskPriorities),
  dueAt: z.string().nullable(),
  assigneeId: z.number().int(),
  assigneeName: z.string(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  orderId: z.number().int().nullable(),
  checklistDone: z.number().int(),
  checklistTotal: z.number().int(),
  overdue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskSummary = z.infer<typeof taskSummary>;

export const task = taskSummary.extend({
  description: z.string().nullable(),
  visitId: z.number().int().nullable(),
  doctorId: z.number().int().nullable(),
  checklist: z.array(taskChecklistItem),
  comments: z.array(taskComment),
  /** the moves the asking user may make now */
  moves: z.array(z.enum(taskStatuses)),
  /** the asking user may change its title, description, due date, priority and links */
  editable: z.boolean(),
});
export type Task = z.infer<typeof task>;

export const listTasksQuery = pageQuery.extend({
  status: z.enum(taskStatuses).optional(),
  assigneeId: queryId().optional(),
  /** tasks I gave (mine = assigned to me) */
  mine: z.enum(['assigned', 'created']).optional(),
  overdue: z.enum(['true', 'false']).optional(),
  dueFrom: z.iso.date({ error: 'invalidDate' }).optional(),
  dueTo: z.iso.date({ error: 'invalidDate' }).optional(),
});
export const taskList = paged(taskSummary);
export type TaskList = z.infer<typeof taskList>;

const links = {
  organizationId: recordId().nullable().optional(),
  orderId: recordId().nullable().optional(),
  visitId: recordId().nullable().optional(),
  doctorId: recordId().nullable().optional(),
};
const taskFields = {
  title: requiredText(200),
  description: optionalText(4000),
  dueAt: instant.nullable().optional(),
  priority: z.enum(taskPriorities).default('normal'),
  ...links,
};
/** A new task: one copy for each assignee (a chief gives it to each of the team). */
export const createTaskBody = z.object({
  ...taskFields,
  assigneeIds: z
    .array(recordId())
    .min(1, { error: 'required' })
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invalidOption' }),
  checklist: z.array(requiredText(300)).max(50).default([]),
});
export type CreateTaskBody = z.input<typeof createTaskBody>;
export const createdTasks = z.object({ ids: z.array(z.number().int()) });
export const updateTaskBody = z.object(taskFields);
export type UpdateTaskBody = z.input<typeof updateTaskBody>;
export const moveTaskBody = z.object({ to: z.enum(taskStatuses) });
export const taskCommentBody = z.object({ text: requiredText(2000) });
export const addChecklistItemBody = z.object({ text: requiredText(300) });
export const checkChecklistItemBody = z.object({ done: z.boolean() });
