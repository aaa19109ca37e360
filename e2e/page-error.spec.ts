import { test, expect } from '@playwright/test';
import { sidebar, signIn } from './support';

/**
 * Issue 13 item 20: a page that throws while drawing (here: the regions page given an answer of an unexpected
 * shape) shows what failed, the request id of the answer it got, a retry and a way to the main screen — and
 * the sidebar goes on working.
 */
test('a page that fails to draw shows what failed with the request id, and the rest of the app still works', async ({ page }) => {
  await signIn(page, 'admin');
  const requestIds: string[] = [];
  // a region without its districts or names: the page cannot draw it
  await page.route('**/api/regions', (route) => {
    requestIds.push(route.request().headers()['x-request-id'] ?? '');
    return route.fulfill({ json: [{ id: 1, code: 'TK' }] });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/settings/regions');
  const failure = page.getByRole('alert').filter({ hasText: 'Не удалось показать страницу' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('При показе этой страницы произошла ошибка');
  // what failed: the error itself, and the id of the answer the page was drawing (the server logs it under that id)
  await expect(failure).toContainText(/TypeError|Cannot read|undefined/);
  expect(requestIds.length).toBeGreaterThan(0);
  expect(requestIds[0]).toMatch(/^[0-9a-f]{24}$/);
  await expect(failure.getByText(requestIds.at(-1)!, { exact: true })).toBeVisible();
  // the header and the sidebar are still there
  await expect(page.getByRole('button', { name: 'Тёмная тема' })).toBeVisible();

  // Retry draws again (still the same answer here: the same failure, not a blank page)
  await failure.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Не удалось показать страницу' })).toBeVisible();

  // the sidebar takes the user elsewhere, and that page draws
  await sidebar(page).getByRole('link', { name: 'Отделы', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/departments$/);
  await expect(page.getByRole('heading', { name: 'Отделы' })).toBeVisible();
  await expect(page.getByText('Не удалось показать страницу')).toHaveCount(0);

  // and back to the main screen from a failed page
  await page.goto('/settings/regions');
  await page.getByRole('alert').filter({ hasText: 'Не удалось показать страницу' }).getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByText('Не удалось показать страницу')).toHaveCount(0);

  // with a good answer the same page draws
  await page.unroute('**/api/regions');
  await page.goto('/settings/regions');
  await expect(page.getByRole('heading', { name: 'Регионы и районы' })).toBeVisible();
  await expect(page.getByText('Не удалось показать страницу')).toHaveCount(0);
});
