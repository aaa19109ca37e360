import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseOption, creditworthy, signIn, storedToken, tokenOf } from './support';

/**
 * The operator's desk (issue 6): a rep's order, created through the API with two products in free
 * stock, is found by the operator on /orders by its status and number, opened, sent for review and
 * approved for shipment while its steps advance; a refusal without a reason is refused on the form.
 */

interface Pharmacy {
  id: number;
  name: string;
  blocked: boolean;
  minShelfLifeMonths: number | null;
}
interface StockRow {
  productId: number;
  free: number;
  nearestExpiry: string | null;
}

async function getJson<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${url} → ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** The rep creates an order for a pharmacy of the territory with two products in plenty of free stock, far from expiry. */
async function createOrderAsRep(page: Page): Promise<{ id: number; number: string; organizationName: string }> {
  await signIn(page, 'rep');
  const token = (await storedToken(page)).access_token ?? '';
  const pharmacies = await getJson<{ items: Pharmacy[] }>(page.request, '/api/organizations?type=pharmacy&size=100', token);
  const stock = await getJson<{ items: StockRow[] }>(page.request, '/api/stock/by-product?onlyAvailable=true&size=100', token);
  const operatorToken = await tokenOf(page.request, 'operator');
  const [pharmacy] = await creditworthy(page.request, operatorToken, pharmacies.items.filter((o) => !o.blocked).sort((a, b) => (a.minShelfLifeMonths ?? 0) - (b.minShelfLifeMonths ?? 0)), 1);
  expect(pharmacy, 'an open pharmacy of the territory').toBeTruthy();
  const minExpiry = new Date();
  minExpiry.setMonth(minExpiry.getMonth() + (pharmacy!.minShelfLifeMonths ?? 0) + 3);
  const products = stock.items.filter((r) => r.free >= 20 && r.nearestExpiry && new Date(r.nearestExpiry) > minExpiry).slice(0, 2);
  expect(products).toHaveLength(2);
  const response = await page.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-orders-${Date.now()}` },
    data: { organizationId: pharmacy!.id, deliveryAddress: 'Tashkent, e2e street 1', positions: products.map((p) => ({ productId: p.productId, quantity: 2 })) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as { id: number; number: string; organizationName: string; status: string };
  expect(order.status).toBe('new');
  return order;
}

test('the operator finds a new order, sends it for review and approves it for shipment; a refusal needs a reason', async ({ browser }) => {
  const repContext = await browser.newContext({ timezoneId: 'Asia/Tashkent' });
  const order = await createOrderAsRep(await repContext.newPage());
  await repContext.close();

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
