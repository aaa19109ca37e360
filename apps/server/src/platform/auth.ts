import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { hasPermission, type DataScope, type Permission, type Role } from '@pharma/contracts';
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
}

/** What a route needs: a right, any signed-in user, or nothing (public). */
export type Access = Permission | 'signedIn' | 'public';
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
    payload: { sub: string };
    user: { sub: string; iat: number; exp: number };
  }
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
  let userId: number;
  try {
    const payload = await request.jwtVerify<{ sub: string }>();
    userId = Number(payload.sub);
  } catch {
    // missing, malformed, tampered or expired: all the same to the client
    throw new AppError('UNAUTHENTICATED');
  }
  const actor = Number.isInteger(userId) ? await loadActor(userId) : null;
  if (!actor) throw new AppError('UNAUTHENTICATED');
  return actor;
}

export function signToken(app: FastifyInstance, userId: number): { token: string; expires: Date } {
  const token = app.jwt.sign({ sub: String(userId) });
  const decoded = app.jwt.decode<{ exp: number }>(token)!;
  return { token, expires: new Date(decoded.exp * 1000) };
}
