import { expect, test } from '@playwright/test';
import { call, createOrder, freeStockFor, openPharmacies } from './api';
import { accessToken, signIn } from './support';

/**
 * /matrix (issue 6): a rep's order created through the API shows as the ordered quantity of its
 * product × organization cell; the cell opens that order; a plan typed into the cell is checked
 * (negative, fractional), saved on Enter and is still there after a reload; a refused one is put back.
 */

interface MatrixAnswer {
  months: string[];
  cells: { productId: number; organizationId: number; quantity: number }[];
}

test('a rep sees their new order in the matrix, opens it from the cell, and plans a quantity that is kept', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signIn(page, 'rep');
  const token = await accessToken(page);

  // an order for an open pharmacy of the territory, of a product in plenty of free stock
  const pharmacy = (await openPharmacies(page.request, token))[0]!;
  const product = (await freeStockFor(page.request, token, [pharmacy], 1))[0]!;
  const order = await createOrder(page.request, token, pharmacy.id, [{ productId: product.productId, quantity: 7 }]);
  const month = order.date.slice(0, 7);

  // what the server counts for the cell (the demo may hold earlier orders of the same pair): at least our 7
  const answer = await call<MatrixAnswer>(page.request, 'GET', `/api/orders/matrix?from=${month}&to=${month}&organizationIds=${pharmacy.id}`, token);
  const quantity = answer.cells.find((c) => c.productId === product.productId && c.organizationId === pharmacy.id)?.quantity ?? 0;
  expect(quantity).toBeGreaterThanOrEqual(7);

  await page.goto(`/matrix?from=${month}&to=${month}&organizationIds=${pharmacy.id}&q=${encodeURIComponent(product.productName)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Матрица');
  await expect(page.getByRole('columnheader').filter({ hasText: pharmacy.name })).toBeVisible();
  const cell = page.getByRole('button', { name: `${product.productName} — ${pharmacy.name}: заказано ${quantity}`, exact: true });
  await expect(cell).toHaveText(String(quantity));
  await expect(page.getByText('Оплачено / заказано')).toBeVisible();

  // the cell opens its orders, ours among them, linked to the order
  await cell.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${product.productName} — ${pharmacy.name}`);
  await expect(dialog.getByRole('link', { name: `№ ${order.number}` })).toHaveAttribute('href', `/orders-item?id=${order.id}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // the plan: wrong values are named and not sent, a whole number is saved on Enter
  const plan = page.getByRole('textbox', { name: `План на ${month}: ${product.productName} — ${pharmacy.name}`, exact: true });
  await plan.fill('-3');
  await plan.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Значение не меньше 0' })).toBeVisible();
  await plan.fill('2.5');
  await plan.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Введите целое число' })).toBeVisible();
  const planned = 40 + (Date.now() % 50);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/orders/matrix/plan') && r.request().method() === 'PUT');
  await plan.fill(String(planned));
  await plan.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: `План на ${month}: ${product.productName} — ${pharmacy.name}`, exact: true })).toHaveValue(String(planned));
  await expect(page.getByRole('button', { name: `${product.productName} — ${pharmacy.name}: заказано ${quantity}`, exact: true })).toBeVisible();

  // a refusal by the server puts the plan back as it was and says why
  await page.route('**/api/orders/matrix/plan', (route) =>
    route.fulfill({ status: 400, json: { code: 'VALIDATION_FAILED', message: 'Проверьте поля', fields: { quantity: 'Отказано сервером' }, requestId: 'e2e' } }),
  );
  const again = page.getByRole('textbox', { name: `План на ${month}: ${product.productName} — ${pharmacy.name}`, exact: true });
  await again.fill(String(planned + 1));
  await again.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Отказано сервером' })).toBeVisible();
  await expect(again).toHaveValue(String(planned));
  await page.unroute('**/api/orders/matrix/plan');
  await context.close();
});
