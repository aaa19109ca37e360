import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Issue 16, item 1: the app installs from a link and opens without a network. A rep on a 390 px phone
 * opens the address, signs in; the service worker from /sw.js (spec §7) takes the app shell and every
 * page's code; with the network cut, a reload opens the app (not the browser's error page) and says it
 * is offline, and a page not opened before still opens. The manifest names the app in the user's language.
 */

// the other journeys block service workers (page.route does not see what a service worker answers); this one needs it
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a rep’s phone keeps the app: installable, and a reload without a network opens it', async ({ page, context }) => {
  await signIn(page, 'rep');
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
    return { href, body: (await (await fetch(href)).json()) as { start_url: string; display: string; icons: { sizes: string }[]; name: string } };
  });
  expect(manifest.href).toBe('/manifest.ru.webmanifest');
  expect(manifest.body).toMatchObject({ start_url: '/main', display: 'standalone', name: 'Pharma Field — полевые продажи' });
  expect(manifest.body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  // the service worker at the root scope, its precache filled
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(worker.script).toMatch(/\/sw\.js$/);
  expect(new URL(worker.scope).pathname).toBe('/');
  // a page is controlled from its next load
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('Нет связи с сервером');
  await expect(page.locator('#root')).not.toBeEmpty();
  // a page whose code was never loaded opens from the precache too
  await page.goto('/visits');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // the installed app's name follows the language
  await context.setOffline(false);
  await page.evaluate(() => localStorage.setItem('language', 'uz-Latn'));
  await page.reload();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.uz-Latn.webmanifest');
});
