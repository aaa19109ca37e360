import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { chooseFirstOption, signIn, tokenOf } from './support';

/**
 * A warehouse user (employee) receives an income of three products, sees them in stock with the
 * right free balance and the short-dated highlight on the one that expires soon, writes off part of
 * a batch with a reason and finds the write-off in the removed-stock history. The interface is in ru.
 */

const run = Date.now().toString(36).toUpperCase();

/** yyyy-MM-dd in Tashkent (UTC+5), `days` from today. */
function businessDay(days = 0): string {
  return new Date(Date.now() + 5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Three products of their own, so the journey never depends on the demo catalog's names. */
async function createProducts(request: APIRequestContext): Promise<{ id: number; name: string }[]> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'employee')}` };
  const producers = (await (await request.get('/api/producers', { headers })).json()) as { id: number; country: string }[];
  const producer = producers[0]!;
  const products: { id: number; name: string }[] = [];
  for (const letter of ['A', 'B', 'C']) {
    const name = `Тестовый препарат ${letter} ${run}`;
    const response = await request.post('/api/products', { headers, data: { name, producerId: producer.id, country: producer.country, unit: 'package' } });
    expect(response.status(), await response.text()).toBe(201);
    products.push({ id: ((await response.json()) as { id: number }).id, name });
  }
  return products;
}

/** Picks an option of an antd select by typing into it. */
async function choose(page: Page, field: Locator, search: string, option: string | RegExp) {
  await field.click();
  await field.fill(search);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Picks an option of an antd select without a search box. */
async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

async function fillDate(field: Locator, value: string) {
  await field.click();
  await field.fill(value);
  await field.press('Enter');
}

test('a warehouse user receives an income, sees it in stock, writes off part of a batch and finds it in the history', async ({ page, request }) => {
  const products = await createProducts(request);
  const lines = [
    { product: products[0]!, series: `E2E${run}A`, expiry: businessDay(400), quantity: 120, price: '15 000' },
    // expires within the short-dated window (90 days by default)
    { product: products[1]!, series: `E2E${run}B`, expiry: businessDay(30), quantity: 40, price: '8 500,50' },
    { product: products[2]!, series: `E2E${run}C`, expiry: businessDay(700), quantity: 75, price: '120 000' },
  ];

  await signIn(page, 'employee');

  // --- the income
  await page.goto('/incomes/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новый приход' })).toBeVisible();
  await chooseFirstOption(page, page.getByLabel('Склад', { exact: true }));
  // (the warehouse select has a search box; any warehouse will do)
  await page.getByLabel('Поставщик', { exact: true }).fill(`ООО «Поставщик ${run}»`);
  await page.getByLabel('№ счёта-фактуры поставщика').fill(`СФ-${run}`);
  await page.getByLabel('НДС %', { exact: true }).fill('12');
  await page.getByLabel('Наценка %', { exact: true }).fill('10');

  for (const [i, line] of lines.entries()) {
    const n = i + 1;
    if (i > 0) await page.getByRole('button', { name: 'Добавить позицию' }).click();
    await choose(page, page.getByLabel(`Товар, строка ${n}`), line.product.name, line.product.name);
    await page.getByLabel(`Серия, строка ${n}`).fill(line.series);
    await fillDate(page.getByLabel(`Срок годности, строка ${n}`), line.expiry);
    await page.getByLabel(`Количество, строка ${n}`).fill(String(line.quantity));
    await page.getByLabel(`Базовая цена, строка ${n}`).fill(line.price);
  }
  // the sale price is priced live: 15 000 × 1.10 markup × 1.12 VAT = 18 480 per unit, 120 units
  await expect(page.locator('.priced-cell').first()).toContainText('18 480');
  await expect(page.locator('.priced-cell').first()).toContainText('2 217 600');

  await page.getByRole('button', { name: 'Сохранить приход' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Приход ПР-\d+ от / })).toBeVisible();
  for (const line of lines) await expect(page.getByRole('row', { name: new RegExp(line.series) })).toBeVisible();

  // --- in stock, by batch: free balance = quantity received, the short-dated batch highlighted
  await page.goto(`/stock?view=batches&q=E2E${run}`);
  for (const line of lines) {
    const row = page.getByRole('row', { name: new RegExp(line.series) });
    await expect(row).toBeVisible();
    await expect(
      row
        .getByRole('cell')
        .filter({ hasText: new RegExp(`^${line.quantity}$`) })
        .first(),
    ).toBeVisible();
  }
  const shortDated = page.getByRole('row', { name: new RegExp(lines[1]!.series) });
  await expect(shortDated).toHaveClass(/row-state--shortDated/);
  await expect(shortDated).toContainText('Истекает срок');
  await expect(shortDated).toContainText('осталось 30 дней');
  for (const i of [0, 2]) await expect(page.getByRole('row', { name: new RegExp(lines[i]!.series) })).not.toHaveClass(/row-state--/);

  // the short-dated list offers it too
  await page.goto(`/short-dated?q=E2E${run}`);
  await expect(page.getByRole('row', { name: new RegExp(lines[1]!.series) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(lines[0]!.series) })).toHaveCount(0);

  // --- write off 5 units of the short-dated batch, with a reason
  await page.goto(`/stock?view=batches&q=E2E${run}`);
  await page.getByRole('button', { name: `Действия: ${lines[1]!.product.name}, серия ${lines[1]!.series}` }).click();
  await page.getByRole('menuitem', { name: 'Списать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Списание остатка' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Количество к списанию').fill('5');
  await pick(page, dialog.getByLabel('Причина'), 'Повреждение');
  await dialog.getByLabel('Комментарий').fill(`Разбиты при разгрузке ${run}`);
  await dialog.getByRole('button', { name: 'Списать' }).click();
  await expect(page.getByText(`Списано: 5 × ${lines[1]!.product.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const after = page.getByRole('row', { name: new RegExp(lines[1]!.series) });
  await expect(after.getByRole('cell').filter({ hasText: /^35$/ }).first()).toBeVisible();

  // --- the removed-stock history shows it: quantity, reason, who
  await page.goto('/removed-stock-history');
  await expect(page.getByRole('heading', { level: 1, name: 'История снятия остатков' })).toBeVisible();
  await page.getByLabel('Поиск по товару, производителю, штрихкоду или серии').fill(lines[1]!.product.name);
  const record = page.getByRole('row', { name: new RegExp(lines[1]!.series) });
  await expect(record).toBeVisible();
  await expect(record).toContainText('Повреждение');
  await expect(record).toContainText(`Разбиты при разгрузке ${run}`);
  await expect(record).toContainText('Собиров Улугбек Камолович');
  await expect(record.getByRole('cell').filter({ hasText: /^5$/ }).first()).toBeVisible();
});
