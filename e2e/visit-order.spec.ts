import { expect as baseExpect, test } from '@playwright/test';
import { call } from './api';
import { accessToken, signIn } from './support';
import { expectInProgress, locatedPharmacies, newPhonePage, visitInProgress } from './visit-setup';

// the machine running these is shared and often busy: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 13, item 11, on a 390 × 844 phone: the visit's Order tab tells products of the same name apart
 * by their producer (nine makers sell "Азитромицин 250 мг №6"), prices what is reserved with a total;
 * the completed visit shows what is held and, once its order exists, the order's number instead of a
 * big "Create order" that would make a duplicate.
 */

interface StockRow {
  productId: number;
  productName: string;
  producerName: string;
  free: number;
  nearestExpiry: string | null;
}

test('the order of a visit: producers told apart, prices and totals, and the order number after it', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPhonePage(browser, { permissions: ['geolocation'] });
  await signIn(page, 'rep');
  const token = await accessToken(page);
  const pharmacy = (await locatedPharmacies(page))[7]!;
  await page.context().setGeolocation({ latitude: pharmacy.lat, longitude: pharmacy.lng, accuracy: 15 });

  // a name several makers sell, two of them with stock far enough from expiry for this pharmacy
  const later = new Date();
  later.setMonth(later.getMonth() + (pharmacy.minShelfLifeMonths ?? 0) + 3);
  const stock = await call<{ items: StockRow[] }>(
    page.request,
    'GET',
    `/api/stock/by-product?q=${encodeURIComponent('Азитромицин 250')}&onlyAvailable=true&size=100`,
    token,
  );
  const usable = stock.items.filter(
    (r) => r.productName === 'Азитромицин 250 мг №6' && r.free >= 5 && r.nearestExpiry !== null && new Date(r.nearestExpiry) > later,
  );
  // the demo data is seeded the same way every time: two makers of it are always in stock
  const byMaker = [...new Map(usable.map((r) => [r.producerName, r])).values()];
  expect(byMaker.length, 'two makers of Азитромицин 250 мг №6 in the demo stock').toBeGreaterThanOrEqual(2);
  const [chosen, other] = byMaker as [StockRow, StockRow];

  const { visitId } = await visitInProgress(page, pharmacy);
  await page.goto(`/point-visit/${pharmacy.id}/pharmacy?visit=${visitId}&section=order`);
  await expectInProgress(page);

  // the picker names each maker: the two are told apart before one is chosen
  const picker = page.getByRole('combobox', { name: 'Добавить товар в заказ' });
  await picker.click();
  await picker.fill('Азитромицин 250');
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: chosen.producerName }).first()).toBeVisible();
  await expect(options.filter({ hasText: other.producerName }).first()).toBeVisible();
  await options.filter({ hasText: 'Азитромицин 250 мг №6' }).filter({ hasText: chosen.producerName }).first().click();

  const line = page.getByTestId('order-line').filter({ hasText: chosen.producerName });
  await expect(line).toContainText('Азитромицин 250 мг №6');
  await line.getByRole('spinbutton', { name: `Количество: Азитромицин 250 мг №6 · ${chosen.producerName}` }).fill('2');
  await line.getByRole('button', { name: `Забронировать: Азитромицин 250 мг №6 · ${chosen.producerName}` }).click();
  const reservation = page.getByTestId('reservation');
  await expect(reservation).toHaveCount(1);
  await expect(reservation).toContainText(chosen.producerName);
  await expect(reservation.getByTestId('reservation-price')).toContainText(/^2 × [\d\s ]+(,\d{2}|\.\d{2})? = [\d\s ]+/);
  const order = await call<{ sumSale: number; reservations: { sumSale: number }[] }>(page.request, 'GET', `/api/visits/${visitId}/order`, token);
  expect(order.sumSale).toBeGreaterThan(0);
  await expect(page.getByTestId('reservations-total')).toContainText('Итого по брони');

  // completed: what is held is shown with its total, and the order is still to be made
  await page.getByTestId('visit-bar').getByRole('button', { name: 'Завершить визит' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Завершить визит|Всё равно завершить/ })
    .click();
  await expect(page.getByTestId('visit-status')).toHaveText('Завершён');
  const summary = page.getByTestId('visit-order-summary');
  await expect(summary.getByTestId('reservation')).toContainText(chosen.producerName);
  await expect(summary.getByRole('link', { name: 'Создать заказ' })).toBeVisible();

  // the order from the visit exists: its number is shown, and no second order is one tap away
  const created = await call<{ number: string }>(
    page.request,
    'POST',
    '/api/orders',
    token,
    { organizationId: pharmacy.id, visitId, deliveryAddress: 'Tashkent, e2e street 11', positions: [{ productId: chosen.productId, quantity: 2 }] },
    201,
  );
  await page.reload();
  await expect(summary.getByTestId('visit-orders')).toContainText(`Заказ № ${created.number}`);
  await expect(summary.getByRole('link', { name: 'Создать заказ' })).toHaveCount(0);
  await page.context().close();
});
