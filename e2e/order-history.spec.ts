import { expect, test } from '@playwright/test';
import { chooseOption, demoPassword, sidebar } from './support';

/**
 * /order-history: the operator starts at '/', signs in, opens Order history from the sidebar's Sales
 * group, sees the feed of status changes, narrows it to the changes into "Отменён" (kept in the URL)
 * and opens the order of a row.
 */
test('the operator opens the order history from the sidebar, filters by status and opens an order', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Логин').fill('operator');
  await page.getByLabel('Пароль').fill(demoPassword);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/main$|\/$/);

  const nav = sidebar(page);
  await nav.getByText('Продажи', { exact: true }).click();
  await nav.getByRole('link', { name: 'История заказов', exact: true }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('История заказов');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Смена статуса' })).toBeVisible();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();

  // the changes into "Отменён" only: every row ends in that status, and the filter is in the address
  await chooseOption(page, page.getByRole('combobox', { name: 'В статус' }), 'Отменён');
  await expect(page).toHaveURL(/toStatus=cancelled/);
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < Math.min(count, 5); i++) await expect(rows.nth(i).locator('.ant-tag').last()).toHaveText('Отменён');

  // a row links to its order
  const link = rows.first().getByRole('link');
  const number = ((await link.textContent()) ?? '').replace('№', '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/orders-item\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Отменён');
});
