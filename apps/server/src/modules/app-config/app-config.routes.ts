import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';

/** The settings a screen needs before sign-in (the login page's support phone), public. */
export const appConfigRoutes: FastifyPluginAsync = async (app) => {
  serve(app, endpoints.appConfig.get, () => ({ supportPhone: app.config.SUPPORT_PHONE, offlineDays: app.config.OFFLINE_DAYS }));
};
