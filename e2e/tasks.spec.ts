import { expect, test } from '@playwright/test';
import { call } from './api';
import { chooseOption, openFromSidebar, signIn, tokenOf } from './support';

/**
 * Single tasks (issue 17): a chief gives a task to a rep of the team from the desk; the rep's bell
 * tells them, the task opens from it on the phone and the rep marks it done; the chief sees it done.
 */
test('a chief assigns a task to a rep, the rep marks it done, the chief sees it', async ({ browser, request }) => {
  // two people, each signing in on their own device
  test.setTimeout(120_000);
  const rep = await call<{ fullName: string }>(request, 'GET', '/api/account/me', await tokenOf(request, 'rep'));
  const title = `Проверить витрину ${Date.now()}`;

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const chief = await desk.newPage();
  await signIn(chief, 'chief');
  await openFromSidebar(chief, 'Работа', 'Разовые задачи');
  await expect(chief.getByRole('heading', { level: 1 })).toHaveText('Разовые задачи');
  await chief.getByRole('button', { name: 'Новая задача' }).click();
  const dialog = chief.getByRole('dialog', { name: 'Новая задача' });
  // saving empty names the fields
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Обязательное поле')).toHaveCount(2);
  await dialog.getByLabel('Название').fill(title);
  await chooseOption(chief, dialog.getByLabel('Исполнители'), rep.fullName);
  await dialog.getByLabel('Чек-лист').fill('Фото витрины\nЦенники');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(chief.getByText('Задача выдана')).toBeVisible();
  const row = chief.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(rep.fullName);
  await expect(row).toContainText('Новая');

  const phone = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const repPage = await phone.newPage();
  await signIn(repPage, 'rep');
  await repPage.getByTestId('notification-bell').tap();
  await repPage.getByTestId('notification-list').locator('.notification-item').filter({ hasText: title }).first().tap();
  const drawer = repPage.getByTestId('task-drawer');
  await expect(drawer).toContainText('Новая');
  await expect(drawer).toContainText('0/2');
  // the tick is the server's answer: the box shows it once saved
  await drawer.getByRole('checkbox', { name: 'Фото витрины' }).click();
  await expect(drawer.getByRole('checkbox', { name: 'Фото витрины' })).toBeChecked();
  await expect(drawer).toContainText('1/2');
  await drawer.getByRole('button', { name: 'Выполнено' }).tap();
  await expect(drawer).toContainText('Выполнена');

  await chief.reload();
  await expect(row).toContainText('Выполнена');
  await phone.close();
  await desk.close();
});
