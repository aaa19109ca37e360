import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const demoPassword = 'demo12345';

/**
 * Signs in through the login page (default language ru) and waits for the main screen. The visit
 * reminders stay quiet unless the journey is about them: a demo visit about to start would put its
 * reminder over the screen under test (the user's own setting, turned off before signing in).
 */
export async function signIn(page: Page, login: string, { password = demoPassword, reminders = false } = {}) {
  await setVisitReminders(page.request, login, reminders, password);
  await page.goto('/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/main$|\/$/);
}

/**
 * Turns a user's visit reminders (notifications of kind visitReminder) on in the app or off, as the
 * notification settings do; the journeys that sign in otherwise call it to keep the reminders quiet.
 */
export async function setVisitReminders(request: APIRequestContext, login: string, on: boolean, password = demoPassword) {
  const response = await request.put('/api/notifications/settings', {
    headers: { authorization: `Bearer ${await tokenOf(request, login, password)}` },
    data: { items: [{ kind: 'visitReminder', channel: on ? 'app' : 'off' }] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The sidebar's navigation landmark. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: /Главное меню|Main menu|Asosiy menyu|Асосий меню/ }).first();

/** Opens a page from the sidebar, its group (Russian title) opened first when it is closed. */
export async function openFromSidebar(page: Page, group: string, name: string) {
  // the group's own state, not whether its links are drawn yet: a click on an open group would close it
  const item = sidebar(page)
    .getByRole('menuitem', { name: new RegExp(`${group}$`) })
    .first();
  await expect(item).toBeVisible();
  if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
  await sidebar(page).getByRole('link', { name, exact: true }).click();
}

/** The stored token record, as the app keeps it. */
export async function storedToken(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}') as { access_token?: string; expires?: string });
}

/** The signed-in page's access token, for set-up calls beside the screen as the same user. */
export async function accessToken(page: Page): Promise<string> {
  return (await storedToken(page)).access_token ?? '';
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

/** Picks the first option of an antd Select, whatever it is, and checks the select shows it (retried like chooseOption). */
export async function chooseFirstOption(page: Page, combobox: Locator): Promise<string> {
  const select = combobox.locator("xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]");
  let chosen = '';
  await expect(async () => {
    await combobox.click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    chosen = ((await option.textContent({ timeout: 3_000 })) ?? '').trim();
    await option.click({ timeout: 3_000 });
    await expect(select).toContainText(chosen, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return chosen;
}

// ---------------------------------------------------------------- visits

/** The visit plan form (a modal at a desk, a drawer on a phone); the page behind it has filters of the same names. */
export const visitForm = (page: Page): Locator => page.locator('form#visit-form');

/** The plan form's organization picker: types the whole name (≥ 4 characters) and takes the option with exactly that name. */
export async function chooseVisitOrganization(page: Page, name: string) {
  const box = visitForm(page).getByLabel('Организация', { exact: true });
  const select = box.locator("xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]");
  await expect(async () => {
    await box.click();
    await box.fill(name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ has: page.getByText(name, { exact: true }) })
      .first()
      .click({ timeout: 5_000 });
    await expect(select).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/** A date and time field of the plan form: antd's picker at a desk (typed, Enter), the native one on a phone. */
export async function setVisitDateTime(page: Page, label: string, date: string, time: string, phone: boolean) {
  const input = visitForm(page).getByLabel(label, { exact: true });
  if (phone) {
    await input.fill(`${date}T${time}`);
    await expect(input).toHaveValue(`${date}T${time}`);
  } else {
    await input.click();
    await input.fill(`${date} ${time}`);
    await input.press('Enter');
    await expect(input).toHaveValue(`${date} ${time}`);
  }
}

const tashkentOffsetMs = 5 * 60 * 60 * 1000;
/** The Tashkent calendar date `days` from now (the business time zone). */
export function tashkentDate(days = 0, now = Date.now()): string {
  return new Date(now + tashkentOffsetMs + days * 86_400_000).toISOString().slice(0, 10);
}
/** The Tashkent wall-clock time HH:mm at `now`. */
export function tashkentTime(now = Date.now()): string {
  return new Date(now + tashkentOffsetMs).toISOString().slice(11, 16);
}

/**
 * The organizations (in the given order) whose approval the credit check lets through: a credit
 * limit with room and nothing overdue. The demo data has real debts, so a test that approves an order
 * picks its client with this.
 */
export async function creditworthy<T extends { id: number }>(
  request: APIRequestContext,
  token: string,
  organizations: readonly T[],
  count: number,
): Promise<T[]> {
  const chosen: T[] = [];
  for (const organization of organizations) {
    const response = await request.get(`/api/organizations/${organization.id}/debt`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok()) continue;
    const debt = (await response.json()) as { creditLimit: number | null; creditLeft: number | null; exceeded: boolean; overdue: number };
    if (debt.creditLimit === null || debt.exceeded || debt.overdue > 0 || (debt.creditLeft ?? 0) < 1_000_000_000) continue;
    chosen.push(organization);
    if (chosen.length === count) break;
  }
  expect(chosen.length, 'clients with room on their credit limit').toBe(count);
  return chosen;
}

/** A demo user's access token through the API (for set-up calls beside the screen under test). */
export async function tokenOf(request: APIRequestContext, login: string, password = demoPassword): Promise<string> {
  const response = await request.post('/api/account/authorize', { data: { login, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}
