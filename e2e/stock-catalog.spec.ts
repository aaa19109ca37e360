import { expect, test } from '@playwright/test';
import { chooseFirstOption, signIn } from './support';

/**
 * The catalog: a warehouse user adds a product with a barcode (validated by the contract's schema)
 * and finds it again by scanning the barcode; a representative sees stock read-only. The interface is in ru.
 */

const run = Date.now().toString(36).toUpperCase();

/** An EAN-13 with its GS1 check digit. */
function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

test('a warehouse user adds a product and finds it by its barcode', async ({ page }) => {
  const name = `Каталожный препарат ${run}`;
  const barcode = ean13(`47899${String(Date.now()).slice(-7)}`);
  await signIn(page, 'employee');
  await page.goto('/products');
  await page.getByRole('button', { name: 'Добавить товар' }).click();
  const drawer = page.getByRole('dialog', { name: 'Новый товар' });
  await expect(drawer.getByLabel('Наименование')).toBeFocused();

  // a wrong check digit is refused on the field by the contract's schema
  await drawer.getByLabel('Наименование').fill(name);
  await chooseFirstOption(page, drawer.getByLabel('Производитель'));
  await drawer.getByLabel('Штрихкод').fill(`${barcode.slice(0, 12)}${(Number(barcode[12]) + 1) % 10}`);
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(drawer.getByText('Введите правильный штрихкод', { exact: false })).toBeVisible();

  await drawer.getByLabel('Штрихкод').fill(barcode);
  await drawer.getByLabel('Наименование').press('Enter');
  await expect(page.getByText('Товар успешно добавлен')).toBeVisible();
  await expect(drawer).toBeHidden();

  // scanning the barcode opens the product; an unknown one says so
  await page.getByLabel('Отсканируйте или введите штрихкод').fill(barcode);
  await page.getByLabel('Отсканируйте или введите штрихкод').press('Enter');
  const card = page.getByRole('dialog', { name: 'Редактирование товара' });
  await expect(card.getByLabel('Наименование')).toHaveValue(name);
  await card.getByRole('button', { name: 'Отмена' }).click();
  await expect(card).toBeHidden();
  await page.getByLabel('Отсканируйте или введите штрихкод').fill('4780000009999');
  await page.getByLabel('Отсканируйте или введите штрихкод').press('Enter');
  await expect(page.getByText('Товар со штрихкодом 4780000009999 не найден')).toBeVisible();
});

test('a representative sees stock without create, edit or write-off controls', async ({ page }) => {
  await signIn(page, 'rep');
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Товары' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить товар' })).toHaveCount(0);
  await page.goto('/stock?view=batches');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Действия: / })).toHaveCount(0);
  await page.goto('/editable');
  await expect(page.getByText('У вас нет права открывать эту страницу.')).toBeVisible();
});
