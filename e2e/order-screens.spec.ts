import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { call, createOrder, freeStockFor, moveOrder, openPharmacies, type CreatedOrder } from './api';
import { chooseOption, creditworthy, signIn, tokenOf } from './support';

/**
 * The order screens of issue 13: the warehouse's whole path from the order page through the wizard
 * and the delivery's steps (no stranded order, no red 403 block), the credit check said before the
 * click, and the positions' sums in view at 1366 px and on a 390 px phone (ru and uz-Cyrl, light and
 * dark screenshots in test-results/e2e/order-screens).
 */

/** A rep's order of a creditworthy pharmacy of three products, no prepayment, approved by the operator. */
async function approvedOrder(request: APIRequestContext, { approve = true, prepaymentPercent = 0 } = {}): Promise<CreatedOrder> {
  const rep = await tokenOf(request, 'rep');
  const operator = await tokenOf(request, 'operator');
  const [pharmacy] = await creditworthy(request, operator, await openPharmacies(request, rep, { withPoint: true }), 1);
  const products = await freeStockFor(request, rep, [pharmacy!], 3);
  const order = await createOrder(
    request,
    rep,
    pharmacy!.id,
    products.map((p, i) => ({ productId: p.productId, quantity: 2 + i })),
    { prepaymentPercent },
  );
  if (approve)
    await moveOrder(request, order.id, [
      [operator, 'in_processing'],
      [operator, 'approved_for_shipment'],
    ]);
  return order;
}

async function desk(browser: Browser, login: string, viewport = { width: 1366, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await signIn(page, login);
  return page;
}

async function confirmStep(page: Page, button: string, done: string) {
  await expect(page.getByTestId('delivery-details').locator('.ant-btn-loading')).toHaveCount(0, { timeout: 20_000 });
  await page
    .getByTestId('delivery-details')
    .getByRole('button', { name: new RegExp(`${button}$`) })
    .click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText(done).first()).toBeVisible();
}

/** Nothing of the element lies right of the viewport, and the page scrolls no sideways. */
async function expectInView(page: Page, selector: string) {
  const width = page.viewportSize()!.width;
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  expect(boxes.length).toBeGreaterThan(0);
  for (const right of boxes) expect(right).toBeLessThanOrEqual(width);
}

test("the warehouse takes an approved order from its page into a delivery and walks the delivery's steps; never stranded, never a 403 block", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const order = await approvedOrder(request);
  const warehouse = await desk(browser, 'employee');
  await warehouse.goto(`/orders-item?id=${order.id}`);
  await expect(warehouse.getByRole('heading', { level: 1 })).toContainText(order.number);
  await expect(warehouse.getByTestId('order-positions')).toBeVisible();
  // the warehouse may not see organizations: no debt card, no red "Data loading error" of its 403
  await expect(warehouse.getByText('Ошибка загрузки данных')).toHaveCount(0);
  await expect(warehouse.locator('.ant-alert-error')).toHaveCount(0);
  await expect(warehouse.getByTestId('organization-debt')).toHaveCount(0);
  // none of the warehouse's moves on the order itself: its way is a delivery
  for (const name of ['На сборке', 'Собран', 'Готов к отгрузке', 'Отгружен']) await expect(warehouse.getByRole('button', { name, exact: true })).toHaveCount(0);
  await warehouse.getByRole('link', { name: 'Создать доставку' }).click();

  // the wizard, preselected with the order
  await expect(warehouse).toHaveURL(new RegExp(`/shipments-wizard\\?orderIds=${order.id}$`));
  await expect(warehouse.getByTestId('wizard-selection')).toContainText('Выбрано: 1');
  await warehouse.getByRole('button', { name: 'Далее' }).click();
  await expect(warehouse.getByLabel('Адрес доставки')).toHaveValue(/e2e street/);
  await warehouse.getByRole('button', { name: 'Далее' }).click();
  await chooseOption(warehouse, warehouse.getByRole('combobox', { name: 'Курьер' }), 'Холматов Фаррух');
  await warehouse.getByLabel('Количество коробок').fill('1');
  await warehouse.getByLabel('Цена за коробку').fill('5000');
  await warehouse.getByRole('button', { name: 'Далее' }).click();
  await warehouse.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(warehouse).toHaveURL(/\/logistics\?date=.*&id=\d+/);
  const details = warehouse.getByTestId('delivery-details');
  const number = ((await details.getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/\D/g, '');

  // on a delivery, the order page links to it instead of "Create delivery"
  await warehouse.goto(`/orders-item?id=${order.id}`);
  await expect(warehouse.getByRole('link', { name: `Доставка № ${number}` })).toBeVisible();
  await expect(warehouse.getByRole('link', { name: 'Создать доставку' })).toHaveCount(0);
  await warehouse.getByRole('link', { name: `Доставка № ${number}` }).click();
  await expect(warehouse).toHaveURL(/\/logistics\?date=.*&id=\d+/);
  await confirmStep(warehouse, 'Собрать', `Доставка № ${number} на сборке`);
  await confirmStep(warehouse, 'Готово', `Доставка № ${number} готова к отгрузке`);
  await confirmStep(warehouse, 'Передать курьеру', `Доставка № ${number} передана курьеру`);

  await warehouse.goto(`/orders-item?id=${order.id}`);
  await expect(warehouse.locator('h1 .ant-tag')).toHaveText('Отгружен');
  await expect(warehouse.getByRole('link', { name: `Доставка № ${number}` })).toBeVisible();
  await expect(warehouse.locator('.ant-alert-error')).toHaveCount(0);
  // the courier has it to deliver
  const courier = await tokenOf(request, 'courier');
  const active = await call<{ items: { number: string }[] }>(request, 'GET', '/api/deliveries?tab=active&size=100', courier);
  expect(active.items.map((d) => d.number)).toContain(number);
  await warehouse.context().close();
});

test('the operator reads why an approval needs the override before clicking, and gives the reason', async ({ browser, request }) => {
  const order = await approvedOrder(request, { approve: false, prepaymentPercent: 30 });
  const operatorToken = await tokenOf(request, 'operator');
  await moveOrder(request, order.id, [[operatorToken, 'in_processing']]);
  const operator = await desk(browser, 'operator');
  await operator.goto(`/orders-item?id=${order.id}`);
  const credit = operator.getByTestId('order-credit');
  await expect(credit).toContainText('Для одобрения отгрузки нужно разрешение сверх кредита с причиной');
  await expect(credit).toContainText(/предоплата [\d\s]+(,\d\d)? сум не внесена/);
  // the order's own debt, not the client's
  await expect(operator.locator('.ant-statistic').filter({ hasText: 'Долг по заказу' })).toBeVisible();
  await operator.getByRole('button', { name: 'Разрешить отгрузку' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Одобрение сверх кредита' });
  await expect(dialog.getByTestId('credit-reasons')).toContainText('не внесена');
  await dialog.getByLabel('Причина одобрения сверх лимита').fill('e2e: предоплата придёт завтра, письмо директора');
  await dialog.getByRole('button', { name: 'Одобрить с причиной' }).click();
  await expect(operator.locator('h1 .ant-tag')).toHaveText('Одобрен к отгрузке');
  await expect(credit).toHaveCount(0);
  await operator.context().close();
});

test('the positions and their sums are in view without a sideways scroll at 1366 px and on a 390 px phone; the VAT sits under each total', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const order = await approvedOrder(request, { approve: false });
  const shots = test.info().outputPath('.');
  const operator = await desk(browser, 'operator');
  await operator.goto(`/orders-item?id=${order.id}`);
  const table = operator.getByTestId('order-positions');
  await expect(table.locator('.ant-table-row')).toHaveCount(order.positions.length);
  await expectInView(operator, '[data-testid="order-positions"] .ant-table-row td:last-child');
  await expectInView(operator, '[data-testid="order-vat-sale"]');
  const scroll = await table
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((e) => e.scrollWidth - e.clientWidth);
  expect(scroll).toBeLessThanOrEqual(0);
  expect(await operator.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect(table.getByText('в том числе НДС')).toBeVisible();
  // a header word is never broken inside: each header is as wide as its longest word
  const broken = await table.locator('thead th').evaluateAll(
    (ths) =>
      ths.filter((th) => {
        return th.scrollWidth > th.clientWidth + 1;
      }).length,
  );
  expect(broken).toBe(0);
  for (const [lng, theme] of [
    ['ru', 'light'],
    ['uz-Cyrl', 'dark'],
    ['ru', 'dark'],
    ['uz-Cyrl', 'light'],
  ] as const) {
    await operator.evaluate(
      ([l, th]) => {
        localStorage.setItem('language', l);
        localStorage.setItem('theme', th);
      },
      [lng, theme],
    );
    await operator.reload();
    await expect(table.locator('.ant-table-row')).toHaveCount(order.positions.length);
    await expectInView(operator, '[data-testid="order-positions"] .ant-table-row td:last-child');
    await operator.screenshot({ path: `${shots}/order-1366-${lng}-${theme}.png`, fullPage: true });
  }
  await operator.context().close();

  // a phone: the rep's own order in cards, every sum on the screen
  const rep = await desk(browser, 'rep', { width: 390, height: 844 });
  await rep.goto(`/orders-item?id=${order.id}`);
  await expect(rep.locator('.position-card')).toHaveCount(order.positions.length);
  await expectInView(rep, '.position-card .money--strong');
  await expectInView(rep, '[data-testid="order-vat-sale"]');
  expect(await rep.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await rep.screenshot({ path: `${shots}/order-390-ru-light.png`, fullPage: true });

  // the wizard on a phone: a short row of steps, the review's sums on the screen (its draft kept in sessionStorage)
  const repToken = await tokenOf(request, 'rep');
  const pharmacy = (await openPharmacies(request, repToken))[0]!;
  const products = await freeStockFor(request, repToken, [pharmacy], 3);
  await rep.goto(`/add-order-new?organizationId=${pharmacy.id}`);
  const draft = {
    key: `e2e-${Date.now()}`,
    organizationId: pharmacy.id,
    visitId: null,
    lines: products.map((p) => ({ productId: p.productId, productName: p.productName, quantity: 2 })),
    terms: {},
    step: 3,
  };
  await rep.evaluate((d) => sessionStorage.setItem('order-draft', JSON.stringify(d)), draft);
  await rep.reload();
  const steps = rep.locator('.order-wizard-steps');
  await expect(steps).toBeVisible();
  expect((await steps.boundingBox())!.height).toBeLessThan(120);
  await expect(rep.getByTestId('review-positions').locator('.position-card')).toHaveCount(3);
  await expectInView(rep, '[data-testid="review-positions"] .money--strong');
  await expectInView(rep, '[data-testid="review-total"]');
  expect(await rep.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await rep.screenshot({ path: `${shots}/wizard-390-ru-light.png`, fullPage: true });
  await rep.evaluate(() => sessionStorage.removeItem('order-draft'));
  await rep.context().close();
});
