import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import {
  addChecklistItem,
  checkChecklistItem,
  commentTask,
  createTasks,
  getTask,
  listTasks,
  moveTask,
  startTaskReminders,
  updateTask,
} from './tasks.service.js';

const t = endpoints.tasks;

export const tasksRoutes: FastifyPluginAsync = async (app) => {
  startTaskReminders(app, app.config.TASK_REMINDER_SWEEP_SECONDS, app.config.TASK_REMINDER_MINUTES);
  serve(app, t.list, (req) => listTasks(app.db, req.actor, req.query));
  serve(app, t.get, (req) => getTask(app.db, req.actor, req.params.id));
  serve(app, t.create, (req) => createTasks(app.db, req.actor, req.body));
  serve(app, t.update, (req) => updateTask(app.db, req.actor, req.params.id, req.body));
  serve(app, t.move, (req) => moveTask(app.db, req.actor, req.params.id, req.body.to));
  serve(app, t.comment, (req) => commentTask(app.db, req.actor, req.params.id, req.body.text));
  serve(app, t.addChecklistItem, (req) => addChecklistItem(app.db, req.actor, req.params.id, req.body.text));
  serve(app, t.checkChecklistItem, (req) => checkChecklistItem(app.db, req.actor, req.params.id, req.params.itemId, req.body.done));
};
