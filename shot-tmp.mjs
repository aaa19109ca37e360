import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function shot(login, path, file, { width = 1366, height = 900, theme = 'light', language = 'ru' } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('language', l);
    },
    [theme, language],
  );
  await page.goto(base + '/login');
  await page.locator('#login, input[autocomplete=username]').first().fill(login);
  await page.locator('input[type=password]').first().fill('demo12345');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/main|\/$/);
  await page.goto(base + path);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: file, fullPage: false });
  await ctx.close();
}
await shot('chief', '/statistics?tab=orders', '/tmp/shot-stat-ru.png');
await shot('chief', '/statistics?tab=company', '/tmp/shot-stat-cyrl-dark.png', { width: 390, height: 844, theme: 'dark', language: 'uz-Cyrl' });
await shot('chief', '/desktop', '/tmp/shot-desktop.png');
await browser.close();
