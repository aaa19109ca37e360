import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { desktopFigures } from './figures.service.js';
import { exceptionsInbox } from './exceptions.service.js';
import { orderQueue } from './order-queue.service.js';
import { listTargets, putTargets } from './targets.service.js';

const desktop = endpoints.desktop;

/** The desktop: figures, the exceptions inbox, the order queue and the reps' targets. */
export const desktopRoutes: FastifyPluginAsync = async (app) => {
  serve(app, desktop.figures, (req) => desktopFigures(app.db, req.actor));
  serve(app, desktop.exceptions, (req) => exceptionsInbox(app.db, req.actor, req.query.debtAbove));
  serve(app, desktop.orderQueue, (req) => orderQueue(app.db, req.actor));
  serve(app, desktop.targets.list, (req) => listTargets(app.db, req.actor));
  serve(app, desktop.targets.put, (req) => putTargets(app.db, req.actor, req.params.userId, req.body));
};
