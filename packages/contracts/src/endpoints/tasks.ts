import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { queryId } from '../common/validation.js';
import {
  addChecklistItemBody,
  checkChecklistItemBody,
  createdTasks,
  createTaskBody,
  listTasksQuery,
  moveTaskBody,
  task,
  taskCommentBody,
  taskList,
  updateTaskBody,
} from '../tasks.js';

const itemParams = z.object({ id: queryId(), itemId: queryId() });

/** Single tasks (issue 17): given to oneself, or by a manager to their team. */
export const tasksEndpoints = {
  list: endpoint({ method: 'GET', path: '/tasks', access: 'tasks.view', summary: 'Tasks in scope: mine, my team’s', query: listTasksQuery, answer: taskList }),
  get: endpoint({
    method: 'GET',
    path: '/tasks/:id',
    access: 'tasks.view',
    summary: 'One task with its checklist and comments',
    params: idParam,
    answer: task,
  }),
  create: endpoint({
    method: 'POST',
    path: '/tasks',
    access: 'tasks.edit',
    summary: 'Give a task: one copy to each assignee (oneself, or people in one’s team)',
    body: createTaskBody,
    answer: createdTasks,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/tasks/:id',
    access: 'tasks.edit',
    summary: 'Change a task (its creator or a manager)',
    params: idParam,
    body: updateTaskBody,
    answer: task,
  }),
  move: endpoint({
    method: 'POST',
    path: '/tasks/:id/move',
    access: 'tasks.edit',
    summary: 'Move a task to another status',
    params: idParam,
    body: moveTaskBody,
    answer: task,
  }),
  comment: endpoint({
    method: 'POST',
    path: '/tasks/:id/comments',
    access: 'tasks.view',
    summary: 'Comment on a task',
    params: idParam,
    body: taskCommentBody,
    answer: task,
    status: 201,
  }),
  addChecklistItem: endpoint({
    method: 'POST',
    path: '/tasks/:id/checklist',
    access: 'tasks.edit',
    summary: 'Add a checklist item',
    params: idParam,
    body: addChecklistItemBody,
    answer: task,
    status: 201,
  }),
  checkChecklistItem: endpoint({
    method: 'PUT',
    path: '/tasks/:id/checklist/:itemId',
    access: 'tasks.edit',
    summary: 'Tick or untick a checklist item',
    params: itemParams,
    body: checkChecklistItemBody,
    answer: task,
  }),
};
