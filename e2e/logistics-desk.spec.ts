import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { call, createOrder, freeStockFor, moveOrder, openPharmacies, type CreatedOrder } from './api';
import { chooseOption, creditworthy, signIn, tokenOf } from './support';

/**
 * The logistics desk (issue 7): two orders approved for shipment (created as the rep, moved by the
 * operator through the API) are grouped by the operator in the shipments wizard into one delivery
 * for the courier 'courier'; the operator re-orders its stops by hand on /logistics; the warehouse
 * ('employee') assembles it, marks it ready and hands it over there; the courier delivers both stops
 * (API); /facts lists both stops with the courier's totals, and the .xlsx downloads with both.
 */

const waybillPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Two orders of two pharmacies of the rep's territory, moved by the operator up to approved for shipment. */
async function twoApprovedOrders(request: APIRequestContext): Promise<CreatedOrder[]> {
  const rep = await tokenOf(request, 'rep');
  const operator = await tokenOf(request, 'operator');
  const pharmacies = await creditworthy(request, operator, await openPharmacies(request, rep, { withPoint: true }), 2);
  const [product] = await freeStockFor(request, rep, pharmacies, 1);
  const orders: CreatedOrder[] = [];
  for (const pharmacy of pharmacies) {
    const order = await createOrder(request, rep, pharmacy.id, [{ productId: product!.productId, quantity: 2 }], {
      deliveryAddress: `Tashkent, e2e street ${orders.length + 1}`,
      prepaymentPercent: 0,
    }); // no prepayment to wait for (decision 022)
    await moveOrder(request, order.id, [
      [operator, 'in_processing'],
      [operator, 'approved_for_shipment'],
    ]);
    orders.push(order);
  }
  return orders;
}

const desk = async (browser: Browser, login: string): Promise<Page> => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signIn(page, login);
  return page;
};

/** Confirms a Popconfirm opened by `button`. */
async function confirmStep(page: Page, button: string, done: string) {
  // the previous step's answer settles first (the button spins while it is on its way); the name ends with
  // the step's label: antd may keep the spinner's hidden "loading" icon in the button's name after it stopped
  await expect(page.getByTestId('delivery-details').locator('.ant-btn-loading')).toHaveCount(0, { timeout: 20_000 });
  await page
    .getByTestId('delivery-details')
    .getByRole('button', { name: new RegExp(`${button}$`) })
    .click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Да' }).click();
  await expect(page.getByText(done).first()).toBeVisible();
}

test('the operator groups two approved orders into a delivery, the warehouse hands it over, the courier delivers, /facts exports it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [a, b] = await twoApprovedOrders(request);
  const operator = await desk(browser, 'operator');

  // the wizard, preselected from /orders' "Create delivery"
  await operator.goto(`/shipments-wizard?orderIds=${a!.id},${b!.id}`);
  await expect(operator.getByRole('heading', { level: 1 })).toHaveText('Мастер отгрузок');
  await expect(operator.getByTestId('wizard-selection')).toContainText('Выбрано: 2');
  await operator.getByRole('button', { name: 'Далее' }).click();
  // step 1: the address comes from the first order; emptied, the spec's message stops the step
  const address = operator.getByLabel('Адрес доставки');
  await expect(address).toHaveValue(/Tashkent, e2e street/);
  await address.fill('');
  await operator.getByRole('button', { name: 'Далее' }).click();
  await expect(operator.getByText('Необходимо ввести адрес доставки')).toBeVisible();
  await address.fill('Ташкент, Чиланзар');
  await operator.getByLabel('Район').fill('Чиланзар');
  await operator.getByRole('button', { name: 'Далее' }).click();
  // step 2: the courier, boxes and prices
  await chooseOption(operator, operator.getByRole('combobox', { name: 'Курьер' }), 'Холматов Фаррух');
  await operator.getByLabel('Количество коробок').fill('3');
  await operator.getByLabel('Цена за коробку').fill('5000');
  await operator.getByLabel('Цена за км').fill('1000');
  await operator.getByRole('button', { name: 'Далее' }).click();
  // review: the planned route from the warehouse through both stops
  await expect(operator.getByTestId('wizard-route').locator('li')).toHaveCount(2);
  await expect(operator.getByTestId('wizard-km')).toContainText('км');
  await expect(operator.getByTestId('map')).toBeVisible();
  await operator.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(operator.getByText(/Доставка № \d+ создана/)).toBeVisible();
  await expect(operator).toHaveURL(/\/logistics\?date=.*&id=\d+/);
  const details = operator.getByTestId('delivery-details');
  const number = ((await details.getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/\D/g, '');
  expect(number).not.toBe('');
  await expect(details).toContainText('Запланирована');
  await expect(details).toContainText('Холматов Фаррух');
  await expect(details.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);

  // re-ordered by hand: the first stop goes second, the distance is measured again
  const firstStop = (await details.locator('.ant-table-tbody tr.ant-table-row').first().textContent()) ?? '';
  await details
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .getByRole('button', { name: /Опустить/ })
    .click();
  await expect(operator.getByText(/Маршрут изменён: [\d.,\s]+ км/)).toBeVisible();
  await expect(details.locator('.ant-table-tbody tr.ant-table-row').nth(1)).toContainText(firstStop.slice(2, 12));

  // the table of the day lists it
  await operator.locator('.ant-drawer-close').click();
  await expect(details).toBeHidden();
  await expect(operator).not.toHaveURL(/id=/);
  const row = operator.locator('.ant-table-row').filter({ has: operator.getByRole('link', { name: `Открыть доставку № ${number}` }) });
  await expect(row).toContainText('Холматов Фаррух');
  await expect(row).toContainText('0 / 2');
  await expect(row).toContainText('Запланирована');

  // the day's map: the delivery in the side list, its two stops numbered on its route from the warehouse; the list opens it
  await operator.goto('/delivery');
  await expect(operator.getByRole('heading', { level: 1 })).toHaveText('Доставка');
  const onMap = operator.getByRole('link', { name: `Открыть доставку № ${number}` });
  await expect(onMap).toBeVisible();
  for (const order of [a!, b!]) {
    const name = order.organizationName.replace(/["\\]/g, '\\$&');
    await expect(
      operator.locator(`.leaflet-marker-icon[title^="1. "][title*="${name}"], .leaflet-marker-icon[title^="2. "][title*="${name}"]`).first(),
    ).toBeVisible();
  }
  await onMap.click();
  await expect(operator.getByTestId('delivery-details').getByRole('heading', { level: 2 })).toContainText(number);
  await operator.context().close();

  // the warehouse: assemble, ready, hand over, each confirmed
  const warehouse = await desk(browser, 'employee');
  await warehouse.goto('/logistics');
  await warehouse.getByRole('link', { name: `Открыть доставку № ${number}` }).click();
  const opened = warehouse.getByTestId('delivery-details');
  await confirmStep(warehouse, 'Собрать', `Доставка № ${number} на сборке`);
  await expect(opened).toContainText('На сборке');
  await confirmStep(warehouse, 'Готово', `Доставка № ${number} готова к отгрузке`);
  await confirmStep(warehouse, 'Передать курьеру', `Доставка № ${number} передана курьеру`);
  await expect(opened.locator('.ant-tag').first()).toHaveText('В пути');
  await expect(opened.getByRole('button', { name: 'Удалить доставку' })).toHaveCount(0);
  await warehouse.context().close();

  // the courier delivers both stops (their phone screens are another issue's)
  const courier = await tokenOf(request, 'courier');
  const list = await call<{ items: { id: number; number: string }[] }>(request, 'GET', '/api/deliveries?tab=active&size=100', courier);
  const deliveryId = list.items.find((d) => d.number === number)!.id;
  const delivery = await call<{ stops: { id: number }[] }>(request, 'GET', `/api/deliveries/${deliveryId}`, courier);
  for (const [i, stop] of delivery.stops.entries()) {
    // the waybill photo is part of the proof (decision 014)
    await call(request, 'POST', `/api/deliveries/${deliveryId}/stops/${stop.id}/photo`, courier, { contentType: 'image/png', data: waybillPng });
    await call(request, 'POST', `/api/deliveries/${deliveryId}/stops/${stop.id}/deliver`, courier, {
      lat: 41.3,
      lng: 69.24,
      accuracy: 15,
      recipientName: `Получатель ${i + 1}`,
    });
  }

  // /facts: both stops, the courier's totals, the .xlsx with both
  const facts = await desk(browser, 'operator');
  await facts.goto('/facts');
  await expect(facts.getByRole('heading', { level: 1 })).toHaveText('Факты');
  // other journeys of the day may have delivered to the same pharmacies: each fact is found by its order's number
  for (const order of [a!, b!]) {
    const fact = facts.locator('.ant-table-row').filter({ has: facts.getByRole('cell', { name: order.number, exact: true }) });
    await expect(fact).toHaveCount(1);
    await expect(fact).toContainText('Доставлено');
    await expect(fact).toContainText(order.organizationName);
    await expect(fact).toContainText(/Получатель [12]/);
  }
  await expect(facts.getByTestId('totals-by-courier')).toContainText('Холматов Фаррух');
  const downloading = facts.waitForEvent('download');
  await facts.getByRole('button', { name: 'Экспорт .xlsx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^delivery-facts-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const cells = [] as string[];
  sheet.eachRow((r) => cells.push((r.values as unknown[]).join('|')));
  expect(cells[0]).toContain('№ заказа');
  // the header and at least these two facts (the demo day may hold others)
  expect(cells.length).toBeGreaterThanOrEqual(3);
  for (const order of [a!, b!]) expect(cells.some((line) => line.includes(`|${order.organizationName}|`) && line.includes('Доставлено'))).toBe(true);
  await facts.context().close();
});
