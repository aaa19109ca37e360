import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { queryId } from '../common/validation.js';
import { desktopFigures, exceptionsInbox, exceptionsQuery, orderQueue, repTarget, repTargetBody, repTargetList } from '../desktop.js';

const userParam = z.object({ userId: queryId() });

/** The desktop: each role's figures and work; the reps' targets it measures them against. */
export const desktopEndpoints = {
  figures: endpoint({
    method: 'GET',
    path: '/desktop/figures',
    access: 'reports.view',
    summary: 'Today and the month for the signed-in rep or their team: visits, order sum and coverage against the targets, uncovered organizations',
    answer: desktopFigures,
  }),
  exceptions: endpoint({
    method: 'GET',
    path: '/desktop/exceptions',
    access: 'visits.edit',
    summary:
      "The manager's exceptions inbox: questionable visits, orders waiting for a credit approval, overdue visits, overdue debts above a threshold, short-dated stock, reps with no visit today",
    query: exceptionsQuery,
    answer: exceptionsInbox,
  }),
  orderQueue: endpoint({
    method: 'GET',
    path: '/desktop/order-queue',
    access: 'orders.view',
    summary: 'Open orders by status: count, sum and the oldest date',
    answer: orderQueue,
  }),
  targets: {
    list: endpoint({
      method: 'GET',
      path: '/desktop/targets',
      access: 'users.view',
      summary: 'The reps in scope with their targets (visits per day, coverage %, monthly sum)',
      answer: repTargetList,
    }),
    put: endpoint({
      method: 'PUT',
      path: '/desktop/targets/:userId',
      access: 'visits.edit',
      summary: "Set a rep's targets (a rep of the manager's team; never one's own)",
      params: userParam,
      body: repTargetBody,
      answer: repTarget,
    }),
  },
};
