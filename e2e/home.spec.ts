import { test, expect as baseExpect, type Page } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sidebar, signIn } from './support';

// the machine running these is shared and often busy: screens get more than the default 10 s to appear
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 13 item 1: the home page opened by its address, as a browser asks for it (Accept-Encoding
 * gzip, deflate, br), and every file of the build answered 200 compressed.
 */
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/** Watches a page for any of its own requests that failed or answered an error (the API's 401 aside). */
function failures(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    // a navigation (the reload) cancels what is in flight: ERR_ABORTED is not a failure of the server
    const error = request.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/api/')) failed.push(`${response.url()} ${response.status()}`);
  });
  return failed;
}

test('opening / signed out lands on the sign-in page', async ({ page }) => {
  const failed = failures(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/text\/html/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Логин')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  expect(failed).toEqual([]);
});

test('opening / signed in lands on the main screen', async ({ page }) => {
  await signIn(page, 'rep');
  const failed = failures(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  // the rep's main screen: the greeting and their day
  const main = page.getByRole('main');
  await expect(sidebar(page)).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Главная' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Мой день' })).toBeVisible();
  // typed again: a reload of the address bar
  await page.reload();
  await expect(main.getByRole('heading', { name: 'Мой день' })).toBeVisible();
  expect(failed).toEqual([]);
});

test('every file the built app references answers 200 with compression', async ({ request }) => {
  expect(existsSync(path.join(dist, 'index.html')), 'the web build').toBe(true);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // the scripts, styles and icons index.html names (local ones)
  const referenced = [...html.matchAll(/\b(?:src|href)="(\/[^"]*)"/g)].map((m) => m[1]!);
  expect(
    referenced.some((url) => /\/assets\/.*\.js$/.test(url)),
    'the entry script',
  ).toBe(true);
  // the lazy chunks: every file of the build's assets folder (its .br/.gz twins are the same files, compressed)
  const chunks = readdirSync(path.join(dist, 'assets'))
    .filter((file) => !/\.(br|gz)$/.test(file))
    .map((file) => `/assets/${file}`);
  expect(chunks.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(5);
  const urls = [...new Set(['/', ...referenced, ...chunks])];

  for (const encoding of ['gzip, deflate, br', 'br', 'gzip']) {
    for (const url of urls) {
      const response = await request.get(url, { headers: { 'Accept-Encoding': encoding } });
      expect(response.status(), `${url} with Accept-Encoding: ${encoding}`).toBe(200);
      const file = url === '/' ? 'index.html' : url.slice(1);
      const expected = encoding === 'gzip' ? 'gzip' : 'br';
      const suffix = expected === 'gzip' ? '.gz' : '.br';
      if (existsSync(path.join(dist, `${file}${suffix}`))) {
        expect(response.headers()['content-encoding'], `${url} with Accept-Encoding: ${encoding}`).toBe(expected);
      }
      // the content itself, not an error envelope
      expect(response.headers()['content-type'] ?? '', url).not.toMatch(/application\/json/);
    }
  }
});
