import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';

/** For load balancers and monitoring. */
export const healthEndpoints = {
  get: endpoint({ method: 'GET', path: '/health', access: 'public', summary: 'Liveness and database check', answer: z.object({ status: z.literal('ok') }) }),
};
