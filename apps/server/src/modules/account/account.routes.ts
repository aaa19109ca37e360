import type { FastifyPluginAsync } from 'fastify';
import { endpoints, type TokenRecord } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { signToken, type Actor } from '../../platform/auth.js';
import { checkCredentials, changePassword, getProfile, updateProfile } from './account.service.js';
import { createLoginLimiter } from './login-limiter.js';
import { setOwnLanguage } from '../users/users.service.js';

const e = endpoints.account;

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const tokenRecordFor = (actor: Actor): TokenRecord => {
    const { token, expires } = signToken(app, actor);
    return {
      access_token: token,
      grants: actor.grants,
      expires: expires.toISOString(),
      user: { id: actor.id, fullName: actor.fullName, login: actor.login, role: actor.role, position: actor.position, scope: actor.scope },
    };
  };

  // Two counts of failed sign-ins (decision 031): per login, strict (guessing one user's password); per
  // address, far higher — reps behind one office router or carrier NAT share an address, and one rep's
  // typos must not lock the others out.
  const windowMs = app.config.LOGIN_WINDOW_MINUTES * 60_000;
  const perLogin = createLoginLimiter({ maxFailures: app.config.LOGIN_MAX_FAILURES, windowMs });
  const perAddress = createLoginLimiter({ maxFailures: app.config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs });

  serve(app, e.authorize, async (req) => {
    // req.ip: the socket's address, or the client's as a trusted proxy tells it (TRUST_PROXY, decision 030)
    const loginKey = [`login:${req.body.login}`];
    const addressKey = [`ip:${req.ip}`];
    const minutes = Math.max(perLogin.blockedFor(loginKey), perAddress.blockedFor(addressKey));
    if (minutes > 0) throw new AppError('LOGIN_RATE_LIMITED', { params: { minutes } });
    const actor = await checkCredentials(app.db, req.body.login, req.body.password);
    if (!actor) {
      perLogin.fail(loginKey);
      perAddress.fail(addressKey);
      throw new AppError('INVALID_CREDENTIALS');
    }
    perLogin.succeed(loginKey[0]!);
    return tokenRecordFor(actor);
  });

  serve(app, e.me, (req) => getProfile(app.db, req.actor));
  serve(app, e.updateProfile, (req) => updateProfile(app.db, req.actor, req.body));
  serve(app, e.saveLanguage, (req) => setOwnLanguage(app.db, req.actor, req.body.language));
  serve(app, e.changePassword, async (req) => tokenRecordFor(await changePassword(app.db, req.actor, req.body)));
};
