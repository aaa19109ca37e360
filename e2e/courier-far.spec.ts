import { expect as baseExpect, test, type BrowserContextOptions } from '@playwright/test';
import { call, createOrder, freeStockFor, moveOrder, openPharmacies } from './api';
import { creditworthy, signIn, tashkentDate, tokenOf } from './support';

// the machine running these is shared and often busy: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 13, item 12: a courier's refusal 9 km from the stop. The courier's phone warns before sending
 * (in the form and in a confirmation); the refusal is kept with where and when it was made; the
 * operator sees it flagged far from the stop on the delivery's stops (/logistics) and in the facts.
 */

const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Tashkent' };

test('a refusal far from the stop is warned about, kept with its position, and flagged for the operator', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const [rep, operator, employee, courier] = await Promise.all(['rep', 'operator', 'employee', 'courier'].map((login) => tokenOf(request, login)));
  const pharmacies = (await creditworthy(request, operator, (await openPharmacies(request, rep, { withPoint: true })).slice(4), 1)) as {
    id: number;
    name: string;
    lat: number;
    lng: number;
  }[];
  const [product] = await freeStockFor(request, rep, pharmacies as never, 1);
  const order = await createOrder(request, rep, pharmacies[0]!.id, [{ productId: product!.productId, quantity: 1 }], {
    deliveryAddress: 'Tashkent, e2e street 9',
    prepaymentPercent: 0,
  }); // no prepayment to wait for (decision 022)
  await moveOrder(request, order.id, [
    [operator, 'in_processing'],
    [operator, 'approved_for_shipment'],
  ]);
  const me = await call<{ id: number }>(request, 'GET', '/api/account/me', courier);
  const warehouse = (await call<{ id: number; active: boolean }[]>(request, 'GET', '/api/warehouses', operator)).find((w) => w.active)!;
  const delivery = await call<{ id: number; number: string; stops: { id: number; organizationName: string; lat: number; lng: number }[] }>(
    request,
    'POST',
    '/api/deliveries',
    operator,
    {
      orderIds: [order.id],
      date: tashkentDate(),
      type: 'ownCourier',
      address: 'Ташкент',
      warehouseId: warehouse.id,
      courierId: me.id,
      boxCount: 1,
      pricePerBox: 100_000,
    },
    201,
  );
  for (const step of ['assemble', 'ready', 'handOver']) await call(request, 'POST', `/api/deliveries/${delivery.id}/warehouse-step`, employee, { step });
  const stop = delivery.stops[0]!;

  // the courier is about 9 km north of the pharmacy
  const context = await browser.newContext({
    ...phone,
    permissions: ['geolocation'],
    geolocation: { latitude: stop.lat + 0.081, longitude: stop.lng, accuracy: 15 },
  });
  const page = await context.newPage();
  await signIn(page, 'courier');
  await page.goto(`/courier-deliveries/${delivery.id}`);
  const item = page.getByRole('listitem', { name: `1. ${stop.organizationName}` });
  await item.getByRole('button', { name: 'Отказ' }).click();
  const refuse = page.getByRole('dialog', { name: `Отказ: ${stop.organizationName}` });
  await expect(refuse.getByTestId('far-from-stop')).toContainText(/Вы в 9[,.]\d км от точки — дальше 200 м/);
  await refuse.getByLabel('Причина отказа').fill('Клиент отказался по телефону');
  await refuse.getByRole('button', { name: 'Подтвердить отказ' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Вы далеко от точки. Всё равно отправить?' });
  await confirm.getByRole('button', { name: 'Всё равно отправить' }).click();
  await expect(refuse).toBeHidden();
  await expect(item).toContainText('Причина отказа: Клиент отказался по телефону');
  await context.close();

  // the operator: the stop on the delivery, and the fact of the day
  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1440, height: 900 } });
  const operatorPage = await desk.newPage();
  await signIn(operatorPage, 'operator');
  await operatorPage.goto(`/logistics?tab=completed&id=${delivery.id}`);
  const details = operatorPage.getByTestId('delivery-details');
  await expect(details.getByTestId('stop-proof')).toContainText(/Далеко: 9[,.]\d км от точки \(больше 200 м\)/);
  await operatorPage.goto('/facts');
  const fact = operatorPage.locator('.ant-table-row').filter({ hasText: order.number });
  await expect(fact).toContainText('Отказ');
  await expect(fact.getByTestId('stop-proof')).toContainText(/Далеко: 9[,.]\d км/);
  await desk.close();
});
