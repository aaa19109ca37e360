import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { telephonyWebhookSecret } from '../playwright.config';
import { call, openPharmacies } from './api';
import { signIn, tokenOf } from './support';

/**
 * Telephony (issue 18 item 2): the cloud PBX (this test, as its stand-in) posts a signed call event to the
 * webhook; the operator whose extension rings sees the matched pharmacy pop up at once and opens its card.
 */
test('a call event from the PBX pops the matched pharmacy on the operator’s screen', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, 'operator');
  const extension = String(600 + Math.floor(Math.random() * 300));
  await call(request, 'PUT', '/api/telephony/extension', token, { extension });
  const [pharmacy] = await openPharmacies(request, token);
  const { phone } = await call<{ phone: string }>(request, 'GET', `/api/organizations/${pharmacy!.id}`, token);

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await desk.newPage();
  // the popup comes on the app's notification stream: the call rings once it is open
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream') && r.ok());
  await signIn(page, 'operator');
  await streamOpen;

  // the number as a PBX writes it: 8 and the local number, no +998
  const body = JSON.stringify({ callId: `e2e-${Date.now()}`, event: 'ringing', direction: 'in', from: `8${phone.slice(4)}`, to: extension, extension });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', telephonyWebhookSecret).update(`${timestamp}.${body}`).digest('hex');
  const posted = await request.post('/api/telephony/webhook', {
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
    data: body,
  });
  expect(posted.ok(), await posted.text()).toBeTruthy();

  const popup = page
    .getByRole('alert')
    .filter({ hasText: 'Входящий звонок' })
    .or(page.locator('.ant-notification-notice').filter({ hasText: 'Входящий звонок' }));
  await expect(popup).toContainText(`Организация: ${pharmacy!.name}`);
  await popup.getByRole('button', { name: 'Открыть карточку' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(pharmacy!.name);
  await desk.close();
});
