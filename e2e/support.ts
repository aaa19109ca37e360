import { expect, type Locator, type Page } from '@playwright/test';

export const demoPassword = 'demo12345';

/** Signs in through the login page (default language ru) and waits for the main screen. */
export async function signIn(page: Page, login: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/main$|\/$/);
}

/** The sidebar's navigation landmark. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: /Главное меню|Main menu|Asosiy menyu|Асосий меню/ }).first();

/** The stored token record, as the app keeps it. */
export async function storedToken(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}') as { access_token?: string; expires?: string });
}

/**
 * Picks an option of an antd Select: opens it, types to filter when it is searchable, clicks the
 * option, and checks the select shows it (retried: the dropdown re-renders while it filters).
 */
export async function chooseOption(page: Page, combobox: Locator, option: string) {
  const select = combobox.locator("xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]");
  await expect(async () => {
    await combobox.click();
    if (await combobox.isEditable().catch(() => false)) await combobox.fill(option.slice(0, 12));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 3_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
