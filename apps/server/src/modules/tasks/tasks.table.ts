import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, boolean, timestamp, index } from 'drizzle-orm/pg-core';
import type { TaskPriority, TaskStatus } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orders } from '../orders/orders.table.js';
import { visits } from '../visits/visits.table.js';
import { doctors } from '../doctors/doctors.table.js';

/** Single tasks (issue 17): one row per assignee (a task given to a team is a copy for each). */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    assigneeId: integer('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    priority: text('priority').$type<TaskPriority>().notNull().default('normal'),
    status: text('status').$type<TaskStatus>().notNull().default('new'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    doctorId: integer('doctor_id').references(() => doctors.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** when its assignee was reminded that it is due (once) */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_assignee_idx').on(t.assigneeId, t.status),
    index('tasks_creator_idx').on(t.creatorId),
    // the reminder's sweep: open tasks by due time
    index('tasks_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('new', 'in_progress') and ${t.remindedAt} is null`),
  ],
);

export const taskChecklistItems = pgTable(
  'task_checklist_items',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    done: boolean('done').notNull().default(false),
  },
  (t) => [index('task_checklist_task_idx').on(t.taskId, t.id)],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.id)],
);
