import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { authFor, createTestApp, makeUser, testPassword, type TestContext } from '../test/test-app.js';

/**
 * Who the server believes the client is (TRUST_PROXY, decision 030), how it counts requests (decision 031),
 * and the TLS-only headers (issue 13 items 2, 15, 16).
 */
const limits = { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6', API_RATE_LIMIT_PER_MINUTE: '40', API_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '30' };

const authorize = (t: TestContext, login: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/account/authorize', payload: { login, password }, remoteAddress, headers });

describe('TRUST_PROXY configuration', () => {
  const parse = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
  it('is off by default and accepts a hop count or addresses and CIDR ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('off')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parse(' 10.0.0.0/8, ::1 ,loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback']);
  });
  it("refuses 'true' (anyone could pose as any address) and what is not an address", () => {
    for (const value of ['true', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', ',']) {
      expect(() => parse(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('with the default configuration (no trusted proxy)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(limits);
  });
  afterAll(() => t.close());

  it('a spoofed X-Forwarded-For does not escape the per-address sign-in limit (item 15)', async () => {
    // password spraying: one login after another, each attempt claiming another address
    for (let i = 0; i < 6; i++) {
      const res = await authorize(t, `spray${i}`, 'guess', '198.51.100.7', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await authorize(t, 'spray9', 'guess', '198.51.100.7', { 'x-forwarded-for': '203.0.113.99' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('LOGIN_RATE_LIMITED');
  });

  it('a spoofed X-Forwarded-For does not escape the API rate limit (item 15)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.8', headers: { 'x-forwarded-for': `203.0.114.${i}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  it('requests with a bad token meet 429 from one address (item 16: 1,300 × 401 never did)', async () => {
    const app = await createTestApp({ API_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1200' });
    try {
      const counts: Record<number, number> = {};
      for (let i = 0; i < 1300; i++) {
        const res = await app.app.inject({
          method: 'GET',
          url: '/api/orders',
          remoteAddress: '198.51.100.9',
          headers: { authorization: 'Bearer not-a-token' },
        });
        counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
      }
      expect(counts).toEqual({ 401: 1200, 429: 100 });
      const refused = await app.app.inject({ method: 'GET', url: '/api/orders', remoteAddress: '198.51.100.9', headers: { 'accept-language': 'en' } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
    }
  }, 120_000);

  it('two users behind one address each get their own budget; anonymous requests from it have theirs', async () => {
    const [a, b] = [await makeUser(t.db, 'rep'), await makeUser(t.db, 'rep')];
    const address = '198.51.100.10';
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/account/me', remoteAddress: address, headers });
    for (let i = 0; i < 40; i++) expect((await me(authFor(t.app, a))).statusCode).toBe(200);
    expect((await me(authFor(t.app, a))).statusCode).toBe(429);
    // b shares the address but not a's budget
    for (let i = 0; i < 40; i++) expect((await me(authFor(t.app, b))).statusCode).toBe(200);
    expect((await me(authFor(t.app, b))).statusCode).toBe(429);
    // and a user's budget follows the user, not the address
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me', remoteAddress: '198.51.100.11', headers: authFor(t.app, a) })).statusCode).toBe(429);
    // sign-in from the address is not spent by the signed-in users
    expect((await authorize(t, b.login, testPassword, address)).statusCode).toBe(200);
  });

  it('sends neither upgrade-insecure-requests nor HSTS over plain HTTP, whatever X-Forwarded-Proto says (item 2)', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('with TRUST_PROXY=127.0.0.1 (a reverse proxy on the same machine)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ ...limits, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("honours the proxy's X-Forwarded-For: the clients behind it are counted apart (item 15)", async () => {
    for (let i = 0; i < 6; i++) expect((await authorize(t, `far${i}`, 'guess', '127.0.0.1', { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(401);
    expect((await authorize(t, 'far9', 'guess', '127.0.0.1', { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(429);
    // another client through the same proxy is not limited
    expect((await authorize(t, 'far9', 'guess', '127.0.0.1', { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await authorize(t, `near${i}`, 'guess', '198.51.100.20', { 'x-forwarded-for': `203.0.113.${100 + i}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await authorize(t, 'near9', 'guess', '198.51.100.20', { 'x-forwarded-for': '203.0.113.120' })).statusCode).toBe(429);
  });

  it('sends upgrade-insecure-requests and HSTS when the trusted proxy says https, not otherwise (item 2)', async () => {
    const https = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(https.headers['content-security-policy'])).toMatch(/(^|;)\s*upgrade-insecure-requests\s*(;|$)/);
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const http = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'http' } });
    expect(String(http.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.21', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(spoofed.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
