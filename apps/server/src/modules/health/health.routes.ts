import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  serve(app, endpoints.health.get, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
};
