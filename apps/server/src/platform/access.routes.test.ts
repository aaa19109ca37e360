import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoleRights, roles, type Role } from '@pharma/contracts';
import { createTestApp, makeUser, authFor, type TestContext } from '../test/test-app.js';

/**
 * The role × route matrix, generated from the registered routes and the
 * default permission table: every forbidden cell must answer 403, every
 * allowed cell must get past the permission check.
 */
let t: TestContext;
const tokens = new Map<Role, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of roles) tokens.set(role, authFor(t.app, await makeUser(t.db, role)));
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(':role', 'courier').replace(/:[a-zA-Z_]+/g, '999999');

describe('role × route matrix', () => {
  it('has every API route declare its access', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(15);
    const publicRoutes = t.app.routeAccess.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    // the support phone the login page shows; and webhooks, which prove themselves by their signature
    expect(publicRoutes.sort()).toEqual([
      'GET /api/app-config',
      'GET /api/health',
      'GET /api/social/meta/webhook',
      'POST /api/account/authorize',
      'POST /api/social/meta/webhook',
      'POST /api/telephony/webhook',
    ]);
  });

  it('answers 401 on every non-public route without a token', async () => {
    for (const route of t.app.routeAccess.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  for (const role of roles) {
    it(`enforces the rights of ${role} on every route`, async () => {
      const grants = defaultRoleRights[role].grants as string[];
      let forbidden = 0;
      for (const route of t.app.routeAccess.filter((r) => r.access !== 'public')) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: tokens.get(role)!,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const allowed = route.access === 'signedIn' || grants.includes(route.access);
        if (allowed) {
          expect([401, 403], `${role} ${route.method} ${route.url} should pass`).not.toContain(res.statusCode);
        } else {
          forbidden += 1;
          expect(res.statusCode, `${role} ${route.method} ${route.url} should be forbidden`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
      }
      if (role !== 'admin') expect(forbidden).toBeGreaterThan(0);
    });
  }
});

describe('rights changed by an administrator apply at once', () => {
  it('grants and revokes a right through Settings → Roles and rights', async () => {
    const admin = tokens.get('admin')!;
    const courier = tokens.get('courier')!;
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: courier })).statusCode).toBe(403);
    const grants = [...defaultRoleRights.courier.grants, 'users.view'];
    const put = await t.app.inject({ method: 'PUT', url: '/api/roles/courier', headers: admin, payload: { scope: 'own', grants } });
    expect(put.statusCode).toBe(200);
    expect(put.json().grants).toContain('users.view');
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: courier });
    expect(list.statusCode).toBe(200);
    // own scope: the courier sees only themselves
    expect(list.json().items).toHaveLength(1);
    await t.app.inject({ method: 'PUT', url: '/api/roles/courier', headers: admin, payload: { scope: 'own', grants: defaultRoleRights.courier.grants } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: courier })).statusCode).toBe(403);
  });

  it('never lets the administrator role lose the roles screen', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/roles/admin',
      headers: { ...tokens.get('admin')!, 'accept-language': 'en' },
      payload: { scope: 'all', grants: ['users.view'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.grants).toMatch(/must keep the right/);
  });

  it('rejects an unknown right', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/roles/rep',
      headers: tokens.get('admin')!,
      payload: { scope: 'own', grants: ['rockets.launch'] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)[0]).toMatch(/^grants/);
  });
});
