import { expect, test } from '@playwright/test';
import { call } from './api';
import { chooseOption, openFromSidebar, sidebar, signIn, tokenOf } from './support';

/** A 1×1 PNG: real image bytes, as the server checks them. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Messages between staff (issue 17): a chief starts a conversation with a rep from the desk and sends
 * a text with a photo; the rep's phone shows the unread count on the menu, the rep opens it and sees
 * the text and the photo; the chief sees it read.
 */
test('a chief writes to a rep with a photo, the rep reads it on the phone, the chief sees it read', async ({ browser, request }) => {
  // two people, each signing in on their own device
  test.setTimeout(120_000);
  const [rep, chiefUser] = await Promise.all([
    call<{ fullName: string }>(request, 'GET', '/api/account/me', await tokenOf(request, 'rep')),
    call<{ fullName: string }>(request, 'GET', '/api/account/me', await tokenOf(request, 'chief')),
  ]);
  const text = `Пришлите фото витрины ${Date.now()}`;

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const chief = await desk.newPage();
  await signIn(chief, 'chief');
  await openFromSidebar(chief, 'Коммуникации', 'Сообщения');
  await expect(chief.getByRole('heading', { level: 1 })).toHaveText('Сообщения');
  await chief.getByRole('button', { name: 'Новая беседа' }).click();
  const dialog = chief.getByRole('dialog', { name: 'Новая беседа' });
  // starting with nobody chosen names the field
  await dialog.getByRole('button', { name: 'Начать' }).click();
  await expect(dialog.getByText('Обязательное поле')).toBeVisible();
  await chooseOption(chief, dialog.getByLabel('Собеседник'), rep.fullName);
  await dialog.getByRole('button', { name: 'Начать' }).click();
  const open = chief.getByTestId('conversation');
  await expect(open.getByRole('heading', { level: 2 })).toHaveText(rep.fullName);

  await open.getByTestId('message-file-input').setInputFiles({ name: 'vitrina.png', mimeType: 'image/png', buffer: png });
  await expect(open.getByText('vitrina.png')).toBeVisible();
  await open.getByLabel('Сообщение', { exact: true }).fill(text);
  await open.getByLabel('Сообщение', { exact: true }).press('Enter');
  const sent = open.getByTestId('message').filter({ hasText: text });
  await expect(sent).toContainText('Отправлено');
  await expect(sent.getByRole('img', { name: 'vitrina.png' })).toBeVisible();
  await expect(open.getByLabel('Сообщение', { exact: true })).toHaveValue('');

  const phone = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const repPage = await phone.newPage();
  await signIn(repPage, 'rep');
  await repPage.getByRole('button', { name: 'Открыть меню' }).tap();
  const group = sidebar(repPage)
    .getByRole('menuitem', { name: /Коммуникации$/ })
    .first();
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  // the menu item counts the unread message
  await expect(sidebar(repPage).getByTestId('messages-unread')).toContainText(/[1-9]/);
  await sidebar(repPage).getByRole('link', { name: 'Сообщения', exact: true }).click();
  const item = repPage.getByTestId('conversation-item').filter({ hasText: chiefUser.fullName }).first();
  await expect(item).toContainText(text);
  await item.tap();
  const conversation = repPage.getByTestId('conversation');
  await expect(conversation.getByRole('heading', { level: 2 })).toHaveText(chiefUser.fullName);
  const received = conversation.getByTestId('message').filter({ hasText: text });
  await expect(received.getByRole('img', { name: 'vitrina.png' })).toBeVisible();
  await expect(received.getByTestId('message-status')).toHaveCount(0);
  // read while open: the menu's count goes
  await repPage.getByRole('button', { name: 'Открыть меню' }).tap();
  await expect(sidebar(repPage).getByTestId('messages-unread')).not.toContainText(/\d/);

  // the receipt reaches the chief's open conversation live, through the same stream, without a reload
  await expect(chief.getByTestId('message').filter({ hasText: text })).toContainText('Прочитано', { timeout: 5_000 });
  await phone.close();
  await desk.close();
});
