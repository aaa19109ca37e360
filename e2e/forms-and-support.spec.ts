import { test, expect } from '@playwright/test';
import { call } from './api';
import { accessToken, signIn } from './support';

/** SUPPORT_PHONE's default (packages/contracts app-config.ts) and how the screens write it. */
const defaultSupportPhone = '+998712000300';
const shown = '+998 71 200 03 00';

/** Issue 13, smaller items from the spec: the general required-fields message, the support phone, the delivery house number. */

test("a form that fails its required fields says 'Please fill in all required fields.' once, beside the fields' own messages", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Пожалуйста, заполните все обязательные поля.')).toHaveCount(1);
  await expect(page.getByText('Обязательное поле')).toHaveCount(2);
  // in the interface's language
  await page.getByRole('button', { name: 'Язык' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
});

test('the support phone (SUPPORT_PHONE) is on the login page and in the footer of every screen', async ({ page, request }) => {
  const config = (await (await request.get('/api/app-config')).json()) as { supportPhone: string };
  expect(config.supportPhone).toBe(defaultSupportPhone);

  await page.goto('/login');
  const onLogin = page.getByRole('contentinfo').getByRole('link', { name: shown });
  await expect(onLogin).toBeVisible();
  await expect(onLogin).toHaveAttribute('href', `tel:${defaultSupportPhone}`);
  await expect(page.getByText('Поддержка:')).toBeVisible();

  await signIn(page, 'rep');
  await expect(page.locator('.app-footer').getByRole('link', { name: shown })).toHaveAttribute('href', `tel:${defaultSupportPhone}`);
});

test('the delivery house number is its own field: saved from the form, shown on the organization', async ({ page, request }) => {
  await signIn(page, 'admin');
  const token = await accessToken(page);
  const { items } = await call<{ items: { id: number; name: string; deliveryAddress: string }[] }>(
    request,
    'GET',
    '/api/organizations?size=25&type=pharmacy',
    token,
  );
  const organization = items[0]!;

  await page.goto(`/add-delivery-address?organization=${organization.id}`);
  const street = page.getByLabel('Адрес доставки (улица)');
  const house = page.getByLabel('Номер дома', { exact: true });
  await expect(street).toBeVisible();
  await street.fill('Chilonzor 9-kvartal');
  await house.fill('14А');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(new RegExp(`/references/${organization.id}$`));

  const saved = await call<{ deliveryAddress: string; deliveryHouse: string | null }>(request, 'GET', `/api/organizations/${organization.id}`, token);
  expect(saved).toMatchObject({ deliveryAddress: 'Chilonzor 9-kvartal', deliveryHouse: '14А' });
  // the organization page shows it in its own row
  await page.getByRole('tab', { name: 'Адрес доставки' }).click();
  const row = page.locator('.ant-descriptions-row, tr').filter({ hasText: 'Номер дома' }).first();
  await expect(row).toContainText('14А');
});
