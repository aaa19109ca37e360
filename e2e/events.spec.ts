import { expect, test } from '@playwright/test';
import { call } from './api';
import { chooseOption, openFromSidebar, signIn, tokenOf } from './support';

/**
 * The events calendar (issue 17 item 4): a chief organizes an event from the desk inviting a rep of the
 * team; the rep's bell tells them, the event opens from it on the phone and the rep accepts; the chief
 * sees the answer, and the event is in both calendars.
 */
test('a chief invites a rep to an event, the rep accepts, both calendars show it', async ({ browser, request }) => {
  // two people, each signing in on their own device
  test.setTimeout(180_000);
  const rep = await call<{ fullName: string }>(request, 'GET', '/api/account/me', await tokenOf(request, 'rep'));
  const title = `Планёрка ${Date.now()}`;

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const chief = await desk.newPage();
  await signIn(chief, 'chief');
  await openFromSidebar(chief, 'Работа', 'События');
  // the page's chunk and its words load on first open (a shared machine may take more than the default 10 s)
  await expect(chief.getByRole('heading', { level: 1 })).toHaveText('События', { timeout: 30_000 });
  await chief.getByRole('button', { name: 'Новое событие' }).click();
  const dialog = chief.getByRole('dialog', { name: 'Новое событие' });
  // saving without a title names the field
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Обязательное поле')).toHaveCount(1);
  await dialog.getByLabel('Название').fill(title);
  // a colour is a swatch: its radio is drawn by its label
  await dialog
    .locator('label')
    .filter({ has: chief.getByRole('radio', { name: 'Зелёный' }) })
    .click();
  await expect(dialog.getByRole('radio', { name: 'Зелёный' })).toBeChecked();
  await chooseOption(chief, dialog.getByLabel('Участники'), rep.fullName);
  await dialog.getByLabel('Место').fill('Офис, зал 2');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(chief.getByText('Событие создано')).toBeVisible();
  const chiefChip = chief.getByTestId('calendar-chip').filter({ hasText: title });
  await expect(chiefChip).toBeVisible();

  const phone = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const repPage = await phone.newPage();
  await signIn(repPage, 'rep');
  await repPage.getByTestId('notification-bell').tap();
  await repPage.getByTestId('notification-list').locator('.notification-item').filter({ hasText: title }).first().tap();
  const drawer = repPage.getByTestId('event-drawer');
  await expect(drawer).toContainText('Ждёт ответа');
  await expect(drawer).toContainText('Офис, зал 2');
  await drawer.getByRole('button', { name: 'Принять' }).tap();
  await expect(repPage.getByText('Приглашение принято')).toBeVisible();
  await expect(drawer.getByTestId('event-participant').filter({ hasText: rep.fullName })).toContainText('Принято');
  // the rep's own calendar (the phone's agenda) has it
  await repPage
    .getByRole('button', { name: 'Close' })
    .or(repPage.getByRole('button', { name: 'Закрыть' }))
    .first()
    .tap();
  await expect(repPage.getByTestId('calendar-chip').filter({ hasText: title })).toBeVisible();

  // the chief opens the event and sees the rep's answer
  await chief.reload();
  await chiefChip.click();
  const chiefDrawer = chief.getByTestId('event-drawer');
  await expect(chiefDrawer.getByTestId('event-participant').filter({ hasText: rep.fullName })).toContainText('Принято');
  await phone.close();
  await desk.close();
});
