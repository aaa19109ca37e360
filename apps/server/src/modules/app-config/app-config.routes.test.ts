import { afterEach, describe, expect, it } from 'vitest';
import { defaultOfflineDays, defaultSupportPhone } from '@pharma/contracts';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('GET /api/app-config', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('answers the support phone without signing in (the login page shows it), a plausible +998 number by default', async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ supportPhone: defaultSupportPhone, offlineDays: defaultOfflineDays });
    expect(defaultSupportPhone).toMatch(/^\+998\d{9}$/);
  });

  it('answers the configured SUPPORT_PHONE and OFFLINE_DAYS (the days a phone keeps for offline use)', async () => {
    ctx = await createTestApp({ SUPPORT_PHONE: '+998 71 123-45-67', OFFLINE_DAYS: '3' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.json()).toEqual({ supportPhone: '+998 71 123-45-67', offlineDays: 3 });
  });
});
