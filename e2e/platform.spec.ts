import { test, expect } from '@playwright/test';
import { accessToken, chooseOption, sidebar, signIn, storedToken, tokenOf } from './support';

/** Sidebar groups (ru) each role's default rights open; the rest must not show. */
const groups = {
  work: 'Работа',
  sales: 'Продажи',
  stock: 'Склад',
  counterparties: 'Контрагенты',
  logistics: 'Логистика',
  analytics: 'Аналитика',
  communication: 'Коммуникации',
  knowledge: 'Знания',
  licensing: 'Лицензирование',
  settings: 'Настройки',
} as const;
type Group = keyof typeof groups;
const all = Object.keys(groups) as Group[];
const seenBy: Record<string, Group[]> = {
  admin: all,
  boss: all,
  operator: all.filter((g) => g !== 'licensing'),
  chief: all.filter((g) => g !== 'licensing'),
  // Settings → Telephony: a rep keeps their own extension there (issue 18)
  rep: ['work', 'sales', 'stock', 'counterparties', 'analytics', 'communication', 'knowledge', 'settings'],
  wholesale: ['work', 'sales', 'stock', 'counterparties', 'analytics', 'communication', 'knowledge'],
  employee: ['work', 'sales', 'stock', 'logistics', 'communication', 'knowledge'],
  courier: ['work', 'logistics', 'communication', 'knowledge'],
};

for (const [login, visible] of Object.entries(seenBy)) {
  test(`${login} sees only their areas`, async ({ page }) => {
    await signIn(page, login);
    const nav = sidebar(page);
    for (const group of all) {
      const item = nav.getByText(groups[group], { exact: true });
      if (visible.includes(group)) await expect(item, `${login} should see ${group}`).toBeVisible();
      else await expect(item, `${login} should not see ${group}`).toHaveCount(0);
    }
    // a screen outside the role's rights answers "no access" even when typed in
    if (!['admin', 'boss', 'operator', 'chief'].includes(login)) {
      await page.goto('/settings/staff');
      await expect(page.getByText('Нет доступа')).toBeVisible();
    }
  });
}

test('each part its own logistics screens: the courier delivers (first on the main screen) but does not plan; the desk plans', async ({ browser }) => {
  const courier = await browser.newPage();
  await signIn(courier, 'courier');
  await expect(courier.getByRole('region', { name: 'Ваши разделы' }).getByRole('link').first()).toHaveText('Доставки курьера');
  const nav = sidebar(courier);
  await nav.getByText('Логистика', { exact: true }).click();
  await expect(nav.getByText('Доставки курьера', { exact: true })).toBeVisible();
  await expect(nav.getByText('Мастер отгрузок', { exact: true })).toHaveCount(0);
  await courier.goto('/shipments-wizard');
  await expect(courier.getByText('Нет доступа')).toBeVisible();
  await courier.close();

  const operator = await browser.newPage();
  await signIn(operator, 'operator');
  const desk = sidebar(operator);
  await desk.getByText('Логистика', { exact: true }).click();
  await expect(desk.getByText('Мастер отгрузок', { exact: true })).toBeVisible();
  await expect(desk.getByText('Доставки курьера', { exact: true })).toHaveCount(0);
  await operator.close();
});

test('switches through the four languages and keeps the choice after reload', async ({ page }) => {
  await signIn(page, 'admin');
  const nav = sidebar(page);
  await expect(nav.getByText('Настройки', { exact: true })).toBeVisible();
  const choices: [name: string, lang: string, settings: string][] = [
    ['English', 'en', 'Settings'],
    ['Oʻzbekcha', 'uz-Latn', 'Sozlamalar'],
    ['Ўзбекча', 'uz-Cyrl', 'Созламалар'],
    ['Русский', 'ru', 'Настройки'],
  ];
  for (const [name, lang, settings] of choices) {
    // the main screen is still filling in beneath the menu: a click that missed is made again
    await expect(async () => {
      const item = page.getByRole('menuitem', { name });
      if (!(await item.isVisible())) await page.getByRole('button', { name: /Язык|Language|Til|Тил/ }).click();
      await item.click({ timeout: 3_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(sidebar(page).getByText(settings, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(sidebar(page).getByText(settings, { exact: true })).toBeVisible();
  }
});

test('the server answers in the chosen language', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Язык' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByLabel('Login').fill('admin');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong login or password.')).toBeVisible();
  // the login error is shown for 3 seconds, then cleared (spec §4)
  await expect(page.getByText('Wrong login or password.')).toBeHidden({ timeout: 6_000 });
});

test('an expired token logs the user out', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'rep');
  expect((await storedToken(page)).access_token).toBeTruthy();
  // the expiry is checked every 10 s: move the clock past the token's expiry
  const expires = new Date((await storedToken(page)).expires!).getTime();
  await page.clock.fastForward(expires - Date.now() + 11_000);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toEqual({});
  expect(await page.evaluate(() => localStorage.getItem('grants'))).toBeNull();
});

test('any 401 from the API drops the token and goes to sign-in', async ({ page }) => {
  await signIn(page, 'chief');
  await page.evaluate(() => {
    const token = JSON.parse(localStorage.getItem('token')!);
    localStorage.setItem('token', JSON.stringify({ ...token, access_token: `${token.access_token}x` }));
  });
  await page.goto('/settings/staff');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toEqual({});
});

test('signs out from the header', async ({ page }) => {
  await signIn(page, 'operator');
  await page.evaluate(() => localStorage.setItem('coordinates', '{"lat":41.3,"lng":69.2}'));
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toEqual({});
  expect(await page.evaluate(() => localStorage.getItem('coordinates'))).toBeNull();
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
});

test('an administrator creates a user, with the spec rules on the form', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/settings/staff');
  await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(drawer.getByText('Обязательное поле').first()).toBeVisible();
  await drawer.getByLabel('ФИО').fill('Каримова Дилноза Ахмедовна');
  await drawer.getByLabel('Логин').fill('dilnoza');
  await drawer.getByLabel('Пароль').fill('short');
  await drawer.getByLabel('Должность').fill('Медицинский представитель');
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(drawer.getByText('Пароль должен содержать не менее 8 символов')).toBeVisible();
  await drawer.getByLabel('Пароль').fill('password123');
  await chooseOption(page, drawer.getByRole('combobox', { name: /Роль/ }), 'Медицинский представитель');
  await chooseOption(page, drawer.getByRole('combobox', { name: /Руководитель/ }), 'Юсупова Нилуфар Бахромовна');
  await drawer.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Пользователь успешно создан')).toBeVisible();
  await page.getByLabel('Поиск по ФИО, логину, должности или телефону').fill('Дилноза');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Каримова Дилноза Ахмедовна' })).toBeVisible();
});

test('login and main screens in light and dark theme (artifacts)', async ({ page }, info) => {
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`login-${theme}.png`) });
  }
  await signIn(page, 'rep');
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await expect(page.getByText(/Здравствуйте/)).toBeVisible();
    await page.screenshot({ path: info.outputPath(`main-${theme}.png`), fullPage: true });
  }
});

test('changing one’s own password keeps this session and ends the others (issue 13 item 18)', async ({ page, request }) => {
  const admin = await tokenOf(request, 'admin');
  const auth = { Authorization: `Bearer ${admin}` };
  const chiefs = await request.get('/api/users?role=chief', { headers: auth });
  const managerId = ((await chiefs.json()) as { items: { id: number }[] }).items[0]!.id;
  const login = `pw.change${Date.now() % 1_000_000}`;
  const created = await request.post('/api/users', {
    headers: { ...auth, 'Idempotency-Key': `e2e-${login}` },
    data: { fullName: 'Смена Пароля Тестовна', login, password: 'password123', position: 'Медицинский представитель', role: 'rep', managerId },
  });
  expect(created.status(), await created.text()).toBe(201);

  const otherDevice = await tokenOf(request, login, 'password123');
  await signIn(page, login, { password: 'password123' });
  const before = await accessToken(page);
  await page.goto('/change-password');
  await page.getByLabel('Текущий пароль').fill('password123');
  await page.getByLabel('Новый пароль', { exact: true }).fill('password456');
  await page.getByLabel('Повторите новый пароль').fill('password456');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Успешно сохранено!')).toBeVisible();

  // this session goes on with the new token it was handed
  const after = await accessToken(page);
  expect(after).not.toBe(before);
  await page.goto('/main');
  await expect(page).toHaveURL(/\/main$/);
  await expect(sidebar(page)).toBeVisible();
  const me = (token: string) => request.get('/api/account/me', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me(after)).status()).toBe(200);
  // the tokens signed before the change, here and on the other device, are refused
  expect((await me(before)).status()).toBe(401);
  expect((await me(otherDevice)).status()).toBe(401);
});
