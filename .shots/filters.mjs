import { chromium } from 'playwright-core';
const [base, login, path, out, dark = '', lang = 'ru'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tashkent', isMobile: true, hasTouch: true });
const page = await context.newPage();
await page.goto(base + '/login');
await page.getByLabel('Логин').fill(login);
await page.getByLabel('Пароль').fill('demo12345');
await page.getByRole('button', { name: 'Войти' }).click();
await page.waitForURL(/\/main$|\/$/);
await page.evaluate(
  ([theme, language]) => {
    localStorage.setItem('theme', theme);
    localStorage.setItem('language', language);
  },
  [dark ? 'dark' : 'light', lang],
);
await page.goto(base + path);
await page.waitForLoadState('networkidle').catch(() => {});
await page.locator('button:has(.anticon-filter)').tap();
await page.waitForTimeout(800);
await page.screenshot({ path: out });
await browser.close();
