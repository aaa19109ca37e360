import { expect, test } from '@playwright/test';
import { call, createOrderAsRep } from './api';
import { signIn, tokenOf } from './support';
import { telegramStandInPort } from '../playwright.config';

/**
 * Notifications in real time (issue 17): the operator refuses a rep's order with a reason on the desk,
 * and the bell on the rep's phone shows it within a second, without a reload; a tap opens the order.
 */
test('the operator refuses a rep’s order with a reason and the rep’s bell shows it within a second, without a reload', async ({ browser, request }) => {
  // two people, each signing in on their own device
  test.setTimeout(120_000);
  const order = await createOrderAsRep(request);

  const phone = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const rep = await phone.newPage();
  await signIn(rep, 'rep');
  const bell = rep.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  // the stream is open once the bell's list has been read (it is read again each time the stream opens)
  await expect(bell).toHaveAttribute('data-unread', /\d+/);
  await rep.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // the rep has the bell's list open (it loads when first opened) while the operator works
  await bell.tap();
  await expect(rep.getByTestId('notification-list')).toBeVisible();

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const operator = await desk.newPage();
  await signIn(operator, 'operator');
  await operator.goto(`/orders-item?id=${order.id}`);
  await operator.getByRole('button', { name: 'Отправить на проверку' }).click();
  await expect(operator.getByText('Заказ отправлен на проверку')).toBeVisible();
  await operator.getByRole('button', { name: 'Отказать в отгрузке' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Вы действительно хотите отменить?' });
  await dialog.getByRole('textbox').fill('Нет лицензии у аптеки');
  const refused = operator.waitForResponse((r) => r.url().endsWith(`/api/orders/${order.id}/move`) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Отказать в отгрузке' }).click();
  expect((await refused).status()).toBe(200);

  // within a second of the operator's answer, the rep's open list holds it (other journeys may add theirs)
  const list = rep.getByTestId('notification-list');
  const item = list
    .locator('.notification-item')
    .filter({ hasText: `№${order.number}` })
    .filter({ hasText: 'Отменён' });
  await expect(item).toBeVisible({ timeout: 1000 });
  await expect(item).toContainText('Причина: Нет лицензии у аптеки');
  await expect(item).toHaveAttribute('data-unread', 'true');
  expect(await rep.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  const unread = Number(await bell.getAttribute('data-unread'));
  expect(unread).toBeGreaterThan(0);
  await item.tap();
  await expect(rep).toHaveURL(new RegExp(`/orders-item\\?id=${order.id}$`));
  await expect(bell).not.toHaveAttribute('data-unread', String(unread));

  // the settings the bell links to: each kind where it reaches the user; Telegram waits for the rep's chat
  await bell.tap();
  await rep.getByRole('button', { name: 'Настройки уведомлений' }).tap();
  await expect(rep.getByRole('heading', { level: 1 })).toHaveText('Настройки уведомлений');
  await expect(rep.getByRole('button', { name: 'Привязать Telegram' })).toBeVisible();
  await expect(rep.getByRole('radio', { name: 'И в Telegram' }).first()).toBeDisabled();

  await phone.close();
  await desk.close();
});

/** The local Telegram Bot API the e2e server's company bot talks to (playwright.config.ts). */
const telegram = `http://127.0.0.1:${telegramStandInPort}`;

test('a rep links Telegram with a one-time code, and the task the chief gives reaches the chat', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const chatId = 90_000 + Math.floor(Math.random() * 9000);
  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await desk.newPage();
  await signIn(page, 'rep.malika');
  await page.getByTestId('notification-bell').click();
  await page.getByRole('button', { name: 'Настройки уведомлений' }).click();
  await page.getByRole('button', { name: 'Привязать Telegram' }).click();
  await expect(page.getByRole('link', { name: /Открыть бота @pharma_test_bot/ })).toHaveAttribute(
    'href',
    /^https:\/\/t\.me\/pharma_test_bot\?start=[A-Z2-9]{8}$/,
  );
  const code = (await page.getByTestId('telegram-code').innerText()).trim();

  // the rep sends the code from Telegram; the page sees the link without a reload
  await request.post(`${telegram}/control/write`, { data: { chatId, text: `/start ${code}` } });
  await expect(page.getByText('Telegram привязан: уведомления', { exact: false })).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(async () =>
      ((await (await request.get(`${telegram}/control/sent`)).json()) as { chatId: string; text: string }[]).some(
        (m) => m.chatId === String(chatId) && m.text.startsWith('Привязано:'),
      ),
    )
    .toBe(true);

  // tasks given to the rep also go to Telegram
  const row = page.getByRole('listitem').filter({ hasText: 'Мне назначена задача' });
  await row.getByText('И в Telegram').click();
  await expect(row.getByRole('radio', { name: 'И в Telegram' })).toBeChecked();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Настройки уведомлений сохранены')).toBeVisible();

  const chief = await tokenOf(request, 'chief');
  const users = await call<{ id: number; fullName: string }[]>(request, 'GET', '/api/users/options', chief);
  const malika = users.find((u) => u.fullName === 'Исмоилова Малика Шавкатовна');
  const title = `Позвонить в аптеку ${chatId}`;
  await call(request, 'POST', '/api/tasks', chief, { title, assigneeIds: [malika!.id] }, 201);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${telegram}/control/sent`)).json()) as { chatId: string; text: string }[]).find(
          (m) => m.chatId === String(chatId) && m.text.includes(title),
        )?.text,
      {
        timeout: 10_000,
      },
    )
    .toContain(`Задача: ${title}`);

  // unlinking stops it, after a confirmation
  await page.getByRole('button', { name: 'Отвязать' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Отвязать' }).click();
  await expect(page.getByText('Telegram отвязан')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Привязать Telegram' })).toBeVisible();
  await desk.close();
});
