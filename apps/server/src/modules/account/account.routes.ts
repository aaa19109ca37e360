import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizeBody, changePasswordBody, profile, tokenRecord, updateProfileBody } from '@pharma/contracts';
import { AppError } from '../../platform/errors.js';
import { signToken } from '../../platform/auth.js';
import { checkCredentials, changePassword, getProfile, updateProfile } from './account.service.js';
import { createLoginLimiter } from './login-limiter.js';

const tags = ['account'];
const errorBody = z.object({ code: z.string(), message: z.string(), requestId: z.string().optional() });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createLoginLimiter({
    maxFailures: app.config.LOGIN_MAX_FAILURES,
    windowMs: app.config.LOGIN_WINDOW_MINUTES * 60_000,
  });

  app.post(
    '/authorize',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in (spec §7): the token record on success',
        security: [],
        body: authorizeBody,
        response: { 200: tokenRecord, 401: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const keys = [`login:${req.body.login}`, `ip:${req.ip}`];
      const minutes = limiter.blockedFor(keys);
      if (minutes > 0) throw new AppError('LOGIN_RATE_LIMITED', { params: { minutes } });
      const actor = await checkCredentials(app.db, req.body.login, req.body.password);
      if (!actor) {
        limiter.fail(keys);
        throw new AppError('INVALID_CREDENTIALS');
      }
      limiter.succeed(keys[0]!);
      const { token, expires } = signToken(app, actor.id);
      return {
        access_token: token,
        grants: actor.grants,
        expires: expires.toISOString(),
        user: { id: actor.id, fullName: actor.fullName, login: actor.login, role: actor.role, position: actor.position, scope: actor.scope },
      };
    },
  );

  app.get(
    '/me',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'The signed-in user and their rights', response: { 200: profile } } },
    (req) => getProfile(app.db, req.actor),
  );
  app.put(
    '/profile',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Edit own profile', body: updateProfileBody, response: { 200: profile } } },
    (req) => updateProfile(app.db, req.actor, req.body),
  );
  app.post(
    '/change-password',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Change own password', body: changePasswordBody, response: { 204: z.null() } } },
    async (req, reply) => {
      await changePassword(app.db, req.actor, req.body);
      return reply.status(204).send(null);
    },
  );
};
