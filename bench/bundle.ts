/**
 * What a phone downloads (issue 16, item 6): the JavaScript of the login screen, of a signed-in rep's
 * main screen and of each further page a rep opens, as served (brotli) on a cold cache in Chromium,
 * beside the budgets: login ≤ 150 KB, a rep's /main ≤ 300 KB, each further page ≤ 100 KB.
 * Builds the web app when apps/web/dist is missing; the server runs on an embedded database with the
 * demo users.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openDatabase, migrateDatabase } from '../apps/server/src/db/client.js';
import { seedReference } from '../apps/server/src/seed/reference.js';
import { seedPlatformDemo } from '../apps/server/src/seed/demo.js';
import { startApp } from './_lib.js';

const dist = path.resolve('apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });

const database = await openDatabase({ dataDir: 'memory' });
await migrateDatabase(database);
await seedReference(database.db);
await seedPlatformDemo(database.db);
const { app, baseUrl } = await startApp(database, { webDist: dist });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
// a cold cache and no service worker: what the first visit downloads
const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const page = await context.newPage();
// each finished script's served size, counted for the step it was asked in
let sizes: Promise<number>[] = [];
let pending = 0;
let lastScriptAt = 0;
page.on('request', (request) => {
  if (request.resourceType() !== 'script') return;
  pending += 1;
  lastScriptAt = Date.now();
});
const settle = (size: Promise<number>) => {
  sizes.push(size.catch(() => 0));
  pending -= 1;
  lastScriptAt = Date.now();
};
page.on('requestfinished', (request) => {
  if (request.resourceType() === 'script') settle(request.sizes().then((s) => s.responseBodySize));
});
page.on('requestfailed', (request) => {
  if (request.resourceType() === 'script') settle(Promise.resolve(0));
});
/** The script bytes a step downloads: counted once no script has been asked for or arrived for a second (at most 30 s). */
async function weigh(step: (page: Page) => Promise<unknown>) {
  sizes = [];
  await step(page);
  await page.waitForLoadState('networkidle');
  const until = Date.now() + 30_000;
  while ((pending > 0 || Date.now() - lastScriptAt < 1_000) && Date.now() < until) await page.waitForTimeout(100);
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}
/** A client-side move, as a link in the app makes it (a reload would download everything again). */
const open = (to: string) =>
  weigh(async (p) => {
    await p.evaluate((href) => {
      window.history.pushState({}, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
    await p.waitForURL((u) => u.pathname === to);
    await p.getByRole('heading', { level: 1 }).first().waitFor();
  });

const kb = (n: number) => Math.round(n / 1024);
const rows: { what: string; kb: number; budget: number }[] = [];
rows.push({ what: '/login', kb: kb(await weigh((p) => p.goto(`${baseUrl}/login`))), budget: 150 });
rows.push({
  what: "a rep's /main after signing in",
  kb:
    rows[0]!.kb +
    kb(
      await weigh(async (p) => {
        await p.getByLabel('Логин').fill('rep');
        await p.getByLabel('Пароль').fill('demo12345');
        await p.getByRole('button', { name: 'Войти' }).click();
        await p.waitForURL((u) => u.pathname === '/main' || u.pathname === '/');
        await p.getByRole('heading', { level: 1 }).first().waitFor();
      }),
    ),
  budget: 300,
});
for (const to of ['/visits', '/visits-planned', '/references', '/orders', '/add-order-new', '/stock', '/favorites', '/history-visits']) {
  rows.push({ what: `then ${to}`, kb: kb(await open(to)), budget: 100 });
}
console.log('\nJavaScript downloaded (brotli, cold cache, Chromium, 390 px phone) — issue 16 budgets');
console.table(rows.map((r) => ({ what: r.what, 'KB served': r.kb, 'budget KB': r.budget, within: r.kb <= r.budget ? 'yes' : 'NO' })));
await browser.close();
await app.close();
await database.close();
