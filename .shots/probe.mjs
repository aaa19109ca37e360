import { chromium } from 'playwright-core';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 300)));
await page.goto('http://127.0.0.1:3400/login');
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/s-login.png' });
console.log(await page.title());
await browser.close();
