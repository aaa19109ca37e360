import { expect, test } from '@playwright/test';
import { call, createOrderAsRep } from './api';
import { chooseOption, signIn, tokenOf } from './support';

/**
 * The operator's desk (issue 6): a rep's order, created through the API with two products in free
 * stock, is found by the operator on /orders by its status and number, opened, sent for review and
 * approved for shipment while its steps advance; a refusal without a reason is refused on the form.
 */

test('the operator finds a new order, sends it for review and approves it for shipment; a refusal needs a reason', async ({ browser, request }) => {
  const order = await createOrderAsRep(request);

  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signIn(page, 'operator');
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказы');
  await chooseOption(page, page.getByRole('combobox', { name: 'Статус' }), 'Новый');
  await expect(page).toHaveURL(/status=new/);
  const row = page.getByRole('row').filter({ hasText: `№ ${order.number}` });
  await expect(row).toContainText(order.organizationName);
  await expect(row).toContainText('Новый');

  // the organization's region keeps it listed, another region leaves it out
  const operatorToken = await tokenOf(request, 'operator');
  const { regionId } = await call<{ regionId: number }>(request, 'GET', `/api/organizations/${order.organizationId}`, operatorToken);
  const regions = await call<{ id: number; name: { ru: string } }[]>(request, 'GET', '/api/regions', operatorToken);
  const region = page.getByRole('combobox', { name: 'Регион' });
  await chooseOption(page, region, regions.find((r) => r.id === regionId)!.name.ru);
  await expect(page).toHaveURL(new RegExp(`regionId=${regionId}`));
  await expect(row).toContainText(order.organizationName);
  await chooseOption(page, region, regions.find((r) => r.id !== regionId)!.name.ru);
  await expect(row).toHaveCount(0);
  await page.goto('/orders?status=new');
  await row.getByRole('link', { name: `№ ${order.number}` }).click();

  await expect(page).toHaveURL(new RegExp(`/orders-item\\?id=${order.id}$`));
  await expect(page.getByRole('navigation').filter({ hasText: 'Заказы' }).last()).toContainText(`№ ${order.number}`);
  const steps = page.locator('.ant-steps');
  await expect(steps.locator('.ant-steps-item-process')).toContainText('Новый');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Отправить на проверку' }).click();
  await expect(page.getByText('Заказ отправлен на проверку')).toBeVisible();
  await expect(steps.locator('.ant-steps-item-process')).toContainText('Отправлен на проверку');
  await expect(steps.locator('.ant-steps-item-finish').first()).toContainText('Новый');

  // refusing shipment without a reason: the form refuses, the order stays
  await page.getByRole('button', { name: 'Отказать в отгрузке' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вы действительно хотите отменить?' });
  await dialog.getByRole('button', { name: 'Отказать в отгрузке' }).click();
  await expect(dialog.getByText('Обязательное поле')).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  await expect(steps.locator('.ant-steps-item-process')).toContainText('Отправлен на проверку');

  await page.getByRole('button', { name: 'Разрешить отгрузку' }).click();
  await expect(page.getByText('Заказ одобрен к отгрузке').first()).toBeVisible();
  await expect(steps.locator('.ant-steps-item-process')).toContainText('Одобрен к отгрузке');
  await expect(steps.locator('.ant-steps-item-finish')).toHaveCount(2);
  await expect(steps.locator('.ant-steps-item-finish').nth(1)).toContainText('Отправлен на проверку');
  await context.close();
});

test('a rep on a phone sees their orders as cards, and a tap on a card opens the order', async ({ browser, request }) => {
  const order = await createOrderAsRep(request);
  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, 'rep');
  await page.goto('/orders');
  const card = page.getByTestId('order-card').filter({ hasText: `№ ${order.number}` });
  await expect(card).toContainText(order.organizationName);
  await expect(card).toContainText('Новый');
  const box = await card.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.locator('table')).toHaveCount(0);
  // the filters wait folded behind a button, so the list starts on the first screen
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Фильтры' }).tap();
  await chooseOption(page, page.getByRole('combobox', { name: 'Статус' }), 'Новый');
  await expect(page).toHaveURL(/status=new/);
  await expect(card).toBeVisible();
  await card.getByText(order.organizationName).tap();
  await expect(page).toHaveURL(new RegExp(`/orders-item\\?id=${order.id}$`));
  await context.close();
});
