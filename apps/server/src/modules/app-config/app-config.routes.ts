import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfig } from '@pharma/contracts';

/** The settings a screen needs before sign-in (the login page's support phone), public. */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Public settings: the support phone (login page and footer)', security: [], response: { 200: publicConfig } },
    },
    () => ({ supportPhone: app.config.SUPPORT_PHONE }),
  );
};
