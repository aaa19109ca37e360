import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function shot(name, { width, height, theme, lng, link }) {
  const ctx = await browser.newContext({ viewport: { width, height }, timezoneId: 'Asia/Tashkent' });
  await ctx.addInitScript(([theme, lng]) => { localStorage.setItem('theme', theme); localStorage.setItem('language', lng); }, [theme, lng]);
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:3400/login');
  await page.locator('input').first().fill('rep.sardor');
  await page.locator('input[type=password]').fill('demo12345');
  await page.keyboard.press('Enter');
  await page.waitForURL(/main/);
  await page.goto('http://127.0.0.1:3400/notification-settings');
  await page.getByText(/Telegram/).first().waitFor(); await page.waitForTimeout(500);
  if (link) { await page.locator('.telegram-link button.ant-btn-primary').click(); await page.waitForTimeout(800); }
  await page.screenshot({ path: `/tmp/${name}.png` });
  if (link === 'linked') {
    const code = (await page.getByTestId('telegram-code').innerText()).trim();
    await fetch('http://127.0.0.1:3401/control/write', { method: 'POST', body: JSON.stringify({ chatId: 555, text: `/start ${code}` }) });
    await page.waitForTimeout(4500);
    await page.screenshot({ path: `/tmp/${name}-linked.png` });
    await page.getByRole('button', { name: /Uzish|Узиш|Unlink|Отвязать/ }).click();
    await page.getByRole('tooltip').getByRole('button').last().click();
    await page.waitForTimeout(500);
  }
  await ctx.close();
}
await shot('tg-phone-light', { width: 390, height: 844, theme: 'light', lng: 'uz-Latn', link: 'linked' });
await shot('tg-phone-dark', { width: 390, height: 844, theme: 'dark', lng: 'ru', link: true });
await shot('tg-desk', { width: 1366, height: 860, theme: 'light', lng: 'en', link: false });
await browser.close();
