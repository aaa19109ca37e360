/**
 * Lighthouse on a phone (issue 16, item 6): the performance score of /login and of a signed-in rep's /main
 * with Lighthouse's mobile preset (a mid-range phone on a slow 4G, simulated), cold cache, Debian's
 * Chromium, beside the goals: a score ≥ 90, JavaScript ≤ 150 KB (login) and ≤ 300 KB (a rep's /main).
 * Builds the web app when apps/web/dist is missing; the server runs on an embedded database with the
 * demo users.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { grantsStorageKey, tokenStorageKey, type TokenRecord } from '@pharma/contracts';
import { openDatabase, migrateDatabase } from '../apps/server/src/db/client.js';
import { seedReference } from '../apps/server/src/seed/reference.js';
import { seedPlatformDemo } from '../apps/server/src/seed/demo.js';
import { startApp } from './_lib.js';

// WEB_DIST: another build to measure (an earlier commit's, for a before and after)
const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });

const database = await openDatabase({ dataDir: 'memory' });
await migrateDatabase(database);
await seedReference(database.db);
await seedPlatformDemo(database.db);
const { app, baseUrl } = await startApp(database, { webDist: dist });

const signedIn = await fetch(`${baseUrl}/api/account/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'rep', password: 'demo12345' }),
});
if (!signedIn.ok) throw new Error(`signing in as rep: ${signedIn.status}`);
const token = (await signedIn.json()) as TokenRecord;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

interface Row {
  page: string;
  score: number;
  'FCP s': number;
  'LCP s': number;
  'TBT ms': number;
  'JS KB': number;
  'JS goal KB': number;
  within: string;
}
const rows: Row[] = [];
const seconds = (ms: number | undefined) => Math.round((ms ?? 0) / 100) / 10;

async function audit(url: string, label: string, jsGoalKb: number, session?: TokenRecord) {
  const page = await browser.newPage();
  // Lighthouse empties the cache and the storage before it loads the page (a cold start); the session is put
  // back in each new document before the app's scripts read it
  if (session) {
    await page.evaluateOnNewDocument(
      (keys, record) => {
        localStorage.setItem(keys.token, JSON.stringify(record));
        localStorage.setItem(keys.grants, JSON.stringify(record.grants));
      },
      { token: tokenStorageKey, grants: grantsStorageKey },
      session,
    );
  }
  const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], port: chrome.port };
  const result = await lighthouse(url, flags, undefined, page);
  await page.close();
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) console.log(label, 'runtime error:', lhr.runtimeError.code, lhr.runtimeError.message);
  const audits = lhr.audits;
  const items = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  // LIST=1: every script with its size, to see what a page downloads
  if (process.env.LIST)
    for (const i of items) if (i.resourceType === 'Script') console.log(label, Math.round((i.transferSize ?? 0) / 1024), (i as { url?: string }).url);
  const jsBytes = items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const jsKb = Math.round(jsBytes / 1024);
  rows.push({
    page: label,
    score,
    'FCP s': seconds(audits['first-contentful-paint']?.numericValue),
    'LCP s': seconds(audits['largest-contentful-paint']?.numericValue),
    'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    'JS KB': jsKb,
    'JS goal KB': jsGoalKb,
    within: score >= 90 && jsKb <= jsGoalKb ? 'yes' : 'NO',
  });
}

try {
  await audit(`${baseUrl}/login`, '/login', 150);
  await audit(`${baseUrl}/main`, "a rep's /main", 300, token);
} finally {
  await browser.disconnect();
  chrome.kill();
  await app.close();
  await database.close();
}
console.log('\nLighthouse, mobile preset (simulated slow 4G, 4× CPU), cold cache, Chromium — issue 16 goals: score ≥ 90');
console.table(rows);
