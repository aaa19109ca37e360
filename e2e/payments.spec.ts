import { expect, test } from '@playwright/test';
import { call, createOrder, freeStockFor, moveOrder, openPharmacies, shipThroughDelivery, type Pharmacy } from './api';
import { signIn, tokenOf } from './support';

/**
 * Payments and debt (issue 6): a rep's order is taken through the API to 'delivered' (the operator
 * approves it, the warehouse ships it in a delivery, the operator marks it delivered); the operator
 * opens it on /orders-item, sees the organization's debt with its ageing, records a payment in the
 * "Record payment" modal, and the debt shown drops by that amount.
 */

/** Groups thousands with spaces as the app shows money (sum, no tiyin). */
const sums = (tiyin: number) => String(Math.floor(tiyin / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

test('the operator records a payment on a delivered order and the debt shown drops', async ({ browser, request }) => {
  const rep = await tokenOf(request, 'rep');
  const operator = await tokenOf(request, 'operator');
  const employee = await tokenOf(request, 'employee');

  const pharmacy = (await openPharmacies(request, rep))[0]!;
  const [product] = await freeStockFor(request, rep, [pharmacy], 1);
  const order = await createOrder(request, rep, pharmacy.id, [{ productId: product!.productId, quantity: 5 }], { prepaymentPercent: 0 });

  const before = await call<{ total: number }>(request, 'GET', `/api/organizations/${pharmacy.id}/debt`, operator);
  // the demo pharmacy's credit may be short: the operator holds the override right (decision 010)
  await moveOrder(request, order.id, [
    [operator, 'in_processing'],
    [operator, 'approved_for_shipment', { overrideReason: 'e2e: approved for the payments journey' }],
  ]);
  await shipThroughDelivery(request, { operator, employee }, [order.id]);
  await moveOrder(request, order.id, [[operator, 'delivered']]);
  const debtBefore = before.total + order.sumSale;
  expect((await call<{ total: number }>(request, 'GET', `/api/organizations/${pharmacy.id}/debt`, operator)).total).toBe(debtBefore);

  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signIn(page, 'operator');
  await page.goto(`/orders-item?id=${order.id}`);
  const debtCard = page.getByTestId('organization-debt');
  await expect(debtCard).toContainText(sums(debtBefore));
  await expect(debtCard).toContainText('0–30 дней');

  const payments = page.getByTestId('order-payments');
  await expect(payments).toContainText('Оплат нет');
  await payments.getByRole('button', { name: 'Внести оплату' }).click();
  const dialog = page.getByRole('dialog', { name: 'Внести оплату' });
  const amount = 1_000_00; // 1 000 sum
  const amountInput = dialog.getByLabel('Сумма');
  await amountInput.fill('');
  await amountInput.fill('1000');
  await dialog.getByRole('button', { name: 'Внести' }).click();
  await expect(page.getByText('Оплата внесена')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(payments.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(payments).toContainText('1 000');
  await expect(payments).toContainText('Наличные');
  await expect(debtCard).toContainText(sums(debtBefore - amount));
  expect((await call<{ total: number }>(request, 'GET', `/api/organizations/${pharmacy.id}/debt`, operator)).total).toBe(debtBefore - amount);

  // more than is still owed: the field says so and nothing is recorded
  await payments.getByRole('button', { name: 'Внести оплату' }).click();
  await amountInput.fill('');
  await amountInput.fill(String(Math.ceil(order.sumSale / 100) + 10));
  await dialog.getByRole('button', { name: 'Внести' }).click();
  await expect(dialog.getByText(/Оплата больше, чем остаётся оплатить/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(payments.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  await page.screenshot({ path: 'test-results/e2e/payments-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/e2e/payments-phone.png', fullPage: true });
  await context.close();
});

test('approving an order of a client without credit is refused; the operator overrides it with a recorded reason', async ({ browser, request }) => {
  const rep = await tokenOf(request, 'rep');
  const operator = await tokenOf(request, 'operator');
  // hospitals and healthcare facilities of the demo data buy without credit
  const clients = [
    ...(await call<{ items: Pharmacy[] }>(request, 'GET', '/api/organizations?type=hospital&size=100', rep)).items,
    ...(await call<{ items: Pharmacy[] }>(request, 'GET', '/api/organizations?type=healthcare&size=100', rep)).items,
  ];
  const client = clients.filter((o) => !o.blocked).sort((a, b) => (a.minShelfLifeMonths ?? 0) - (b.minShelfLifeMonths ?? 0))[0]!;
  expect(client, 'a hospital of the territory').toBeTruthy();
  expect((await call<{ creditLimit: number | null }>(request, 'GET', `/api/organizations/${client.id}/debt`, rep)).creditLimit).toBeNull();
  const [product] = await freeStockFor(request, rep, [client], 1);
  const order = await createOrder(request, rep, client.id, [{ productId: product!.productId, quantity: 1 }], { prepaymentPercent: 0 });
  await moveOrder(request, order.id, [[operator, 'in_processing']]);

  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signIn(page, 'operator');
  await page.goto(`/orders-item?id=${order.id}`);
  await expect(page.getByTestId('organization-debt')).toContainText('Без кредита');
  await page.getByRole('button', { name: 'Разрешить отгрузку' }).click();
  // the reasons are known before the click (decision 022): the dialog asks for the override's reason at once
  const dialog = page.getByRole('dialog', { name: 'Одобрение сверх кредита' });
  await expect(dialog).toContainText('у клиента нет кредита');
  // a reason is required
  await dialog.getByRole('button', { name: 'Одобрить с причиной' }).click();
  await expect(dialog.getByText('Обязательное поле')).toBeVisible();
  await dialog.getByLabel('Причина одобрения сверх лимита').fill('Гарантийное письмо директора');
  await page.screenshot({ path: 'test-results/e2e/payments-override.png' });
  await dialog.getByRole('button', { name: 'Одобрить с причиной' }).click();
  await expect(page.getByText('Заказ одобрен к отгрузке').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const steps = page.locator('.ant-steps');
  await expect(steps.locator('.ant-steps-item-process')).toContainText('Одобрен к отгрузке');
  await expect(steps.locator('.ant-steps-item-process')).toContainText('Сверх кредитного лимита: Гарантийное письмо директора');
  await context.close();
});
