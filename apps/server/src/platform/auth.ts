import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { hasPermission, type Access, type DataScope, type Permission, type Role } from '@pharma/contracts';
import { AppError } from './errors.js';

/** Who is asking: loaded fresh on every request, so a deactivation or a change of rights applies at once. */
export interface Actor {
  id: number;
  fullName: string;
  login: string;
  position: string;
  role: Role;
  scope: DataScope;
  grants: Permission[];
  /**
   * The user's token version (users.token_version): raised by a password change, a password reset and a
   * deactivation; a token carrying an older `ver` is refused (decision 032).
   */
  tokenVersion: number;
}

export type { Access };

/**
 * The one way to act beyond the actor's data scope, where the reason was checked before (issue 14): an
 * order's own reservations closed whoever moves it, a delivery's orders reached through the delivery,
 * the user just created or one's own profile read back. The rights (role, permission) still apply.
 */
export const asSystem = (actor: Actor): Actor => ({ ...actor, scope: 'all' });
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    /** every API route with what it needs; the role × route tests are generated from it */
    routeAccess: RouteAccess[];
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** sub: the user's id; ver: their token version when it was signed (absent in tokens before decision 032 = 0) */
    payload: { sub: string; ver?: number };
    user: { sub: string; ver?: number; iat: number; exp: number };
  }
}

/** A bearer token whose signature and expiry check out: whose it is and of which version. */
export interface VerifiedToken {
  userId: number;
  version: number;
}

/** users.id is a PostgreSQL integer */
const maxId = 2_147_483_647;
const verifiedTokens = new WeakMap<FastifyRequest, VerifiedToken | null>();

/**
 * The request's bearer token, verified once per request (signature and expiry only: one HMAC, no database)
 * and remembered — the API rate limit keys on it before the auth hook runs, and the auth hook reuses it.
 * Null when missing, malformed, tampered or expired.
 */
export function verifiedToken(request: FastifyRequest): VerifiedToken | null {
  if (verifiedTokens.has(request)) return verifiedTokens.get(request)!;
  let result: VerifiedToken | null = null;
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (match) {
    try {
      const payload = request.server.jwt.verify<{ sub: string; ver?: unknown }>(match[1]!);
      const userId = Number(payload.sub);
      const version = payload.ver === undefined ? 0 : payload.ver;
      if (Number.isInteger(userId) && userId > 0 && userId <= maxId && typeof version === 'number' && Number.isSafeInteger(version))
        result = { userId, version };
    } catch {
      result = null;
    }
  }
  verifiedTokens.set(request, result);
  return result;
}

export interface AuthOptions {
  secret: string;
  tokenTtlMinutes: number;
  /** the active user with their role's rights, or null when unknown or deactivated */
  loadActor: (userId: number) => Promise<Actor | null>;
}

/**
 * Every /api route must say what it needs (config.access); the server refuses
 * to start otherwise. Then one hook checks sign-in (401) and the right (403).
 */
export async function registerAuth(app: FastifyInstance, options: AuthOptions) {
  await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: `${options.tokenTtlMinutes}m` } });
  app.decorateRequest('actor', null as unknown as Actor);

  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeAccess.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.actor = await authenticate(request, options.loadActor);
    if (access !== 'signedIn' && !hasPermission(request.actor.grants, access)) throw new AppError('FORBIDDEN');
  });
}

async function authenticate(request: FastifyRequest, loadActor: AuthOptions['loadActor']): Promise<Actor> {
  // missing, malformed, tampered, expired, or older than the user's last password change, password reset
  // or deactivation: all the same to the client
  const token = verifiedToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  const actor = await loadActor(token.userId);
  if (!actor || actor.tokenVersion !== token.version) throw new AppError('UNAUTHENTICATED');
  return actor;
}

/** A token for the user at their current token version (Actor.tokenVersion). */
export function signToken(app: FastifyInstance, user: { id: number; tokenVersion: number }): { token: string; expires: Date } {
  const token = app.jwt.sign({ sub: String(user.id), ver: user.tokenVersion });
  const decoded = app.jwt.decode<{ exp: number }>(token)!;
  return { token, expires: new Date(decoded.exp * 1000) };
}
