import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { call, freeStockFor, openPharmacies, type Pharmacy, type StockRow } from './api';
import { accessToken, creditworthy, signIn, tokenOf } from './support';

/**
 * Issue 6's journey: a rep, after a visit with two reservations, creates the order with the wizard
 * (the visit's reservations are its lines); the operator opens it, edits a quantity with live totals,
 * sends it for review and approves it for shipment; the specification downloads as a valid .xlsx
 * whose sale total matches the screen.
 */

/** Through the API: the rep visits an open pharmacy now, reserves two products with plenty of stock, and completes the visit. */
async function visitWithReservations(page: Page): Promise<{ visitId: number; pharmacy: Pharmacy; products: StockRow[] }> {
  const token = await accessToken(page);
  const me = await call<{ id: number }>(page.request, 'GET', '/api/account/me', token);
  const [pharmacy] = (await creditworthy(
    page.request,
    await tokenOf(page.request, 'operator'),
    await openPharmacies(page.request, token, { withPoint: true }),
    1,
  )) as [Pharmacy];
  const products = await freeStockFor(page.request, token, [pharmacy], 2, 50);
  const now = Date.now();
  const visit = await call<{ id: number }>(page.request, 'POST', '/api/visits', token, {
    organizationId: pharmacy.id,
    representativeId: me.id,
    plannedStart: new Date(now).toISOString(),
    plannedEnd: new Date(now + 3_600_000).toISOString(),
  });
  const position = { lat: pharmacy.lat, lng: pharmacy.lng, accuracy: 15, deviceTime: new Date().toISOString() };
  await call(page.request, 'POST', `/api/visits/${visit.id}/start`, token, { position });
  for (const p of products) await call(page.request, 'POST', `/api/visits/${visit.id}/reservations`, token, { productId: p.productId, quantity: 3 });
  await call(page.request, 'POST', `/api/visits/${visit.id}/complete`, token, { position: { ...position, deviceTime: new Date().toISOString() } });
  return { visitId: visit.id, pharmacy, products };
}

/** "1 234 567,89" (Russian: a decimal comma) → tiyin. */
const tiyinOf = (text: string) => Math.round(Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.')) * 100);
const totalOnScreen = async (page: Page) =>
  (await page.getByTestId('order-totals').locator('.ant-statistic').nth(1).locator('.ant-statistic-content-value').innerText()).trim();

test('a rep creates an order after a visit; the operator edits a quantity, sends it for review and approves it', async ({ browser }) => {
  test.setTimeout(180_000);
  const repContext = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const rep = await repContext.newPage();
  await signIn(rep, 'rep');
  const { visitId, pharmacy, products } = await visitWithReservations(rep);

  // the completed visit offers "Create order" (the wizard starts from the visit)
  await rep.goto(`/add-order-new?visitId=${visitId}`);
  await expect(rep.getByText(`Заказ по визиту в ${pharmacy.name}`)).toBeVisible();
  await rep.getByRole('button', { name: /Далее/ }).click();
  const lines = rep.getByTestId('order-lines');
  for (const p of products) await expect(lines.getByText(p.productName, { exact: true })).toBeVisible();
  await expect.poll(() => totalOnScreen(rep), { timeout: 10_000 }).not.toBe('—');
  await rep.getByRole('button', { name: /Далее/ }).click();
  await expect(rep.getByLabel('Адрес доставки')).not.toHaveValue('');
  await rep.getByLabel('Комментарий агента').fill('Доставить до обеда');
  await rep.getByRole('button', { name: /Далее/ }).click();
  const reviewTotal = (await rep.getByTestId('review-total').innerText()).trim();
  await rep.getByRole('button', { name: 'Создать заказ' }).click();
  await expect(rep.getByText('Заказ создан')).toBeVisible();
  await expect(rep).toHaveURL(/\/orders-item\?id=\d+/);
  const orderId = Number(new URL(rep.url()).searchParams.get('id'));
  await expect(rep.getByText(reviewTotal).first()).toBeVisible();
  await repContext.close();

  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'operator');
  await page.goto(`/orders-item?id=${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Заказ №');
  await page.getByRole('link', { name: 'Изменить заказ' }).click();
  await expect(page).toHaveURL(/\/orders-item-edit\?id=/);
  await expect.poll(() => totalOnScreen(page), { timeout: 10_000 }).not.toBe('—');
  const before = await totalOnScreen(page);
  const first = products[0]!;
  await page
    .getByRole('group', { name: `Количество ${first.productName}` })
    .getByRole('button', { name: /Увеличить|Больше|\+/ })
    .click();
  await expect.poll(() => totalOnScreen(page), { timeout: 10_000 }).not.toBe(before);
  const edited = await totalOnScreen(page);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Успешно сохранено!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders-item\?id=/);
  const order = await call<{ sumSale: number; positions: { productId: number; quantity: number }[] }>(
    page.request,
    'GET',
    `/api/orders/${orderId}`,
    await accessToken(page),
  );
  expect(order.positions.filter((p) => p.productId === first.productId).reduce((s, p) => s + p.quantity, 0)).toBe(4);
  await expect(page.getByText(edited).first()).toBeVisible();

  await page.getByRole('button', { name: 'Отправить на проверку' }).click();
  await expect(page.getByText('Заказ отправлен на проверку')).toBeVisible();
  // the demo's 30 % prepayment is not paid yet: the screen says so before the click, and the operator overrides with a reason (decision 022)
  await expect(page.getByTestId('order-credit')).toContainText('не внесена');
  await page.getByRole('button', { name: 'Разрешить отгрузку' }).click();
  const override = page.getByRole('dialog', { name: 'Одобрение сверх кредита' });
  await override.getByLabel('Причина одобрения сверх лимита').fill('Предоплата поступит при доставке');
  await override.getByRole('button', { name: 'Одобрить с причиной' }).click();
  await expect(page.getByText('Заказ одобрен к отгрузке')).toBeVisible();

  // the specification: a workbook whose sale total is the one on the screen
  const onScreen = page.locator('.ant-statistic').filter({ hasText: 'Сумма по цене продажи, сум' }).first().locator('.ant-statistic-content');
  const screenTotal = tiyinOf((await onScreen.innerText()).trim());
  expect(screenTotal).toBe(order.sumSale);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Спецификация .xlsx' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  let fileTotal: number | null = null;
  workbook.worksheets[0]!.eachRow((row) => {
    if (row.getCell(8).value !== 'Итого по цене продажи') return;
    const cell = row.getCell(12).value as number | { result: number };
    fileTotal = Math.round((typeof cell === 'number' ? cell : cell.result) * 100);
  });
  expect(fileTotal).toBe(screenTotal);
  await context.close();
});
