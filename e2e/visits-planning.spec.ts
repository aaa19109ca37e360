import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { call } from './api';
import {
  accessToken,
  chooseOption,
  chooseVisitOrganization as chooseOrganization,
  setVisitDateTime as setDateTime,
  signIn,
  tashkentDate,
  tokenOf,
  visitForm as form,
} from './support';

/**
 * Visit planning (issue #5): a representative plans a visit through the form — at a desk (modal) and
 * on a 390 × 844 phone (full-screen drawer) — is told when the end comes before the start, sees the
 * visit counted on its day in the calendar and listed on /visits/:date, and edits it; a chief plans a
 * visit for rep.malika; the representative's main screen on a phone lists today's visit, and the
 * reminder the server sends before it pops up once and waits in the bell, each opening the visit.
 */

// a shared, busy machine: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

const devices = [
  { name: 'desktop', viewport: { width: 1366, height: 860 }, phone: false, daysAhead: 40 },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true, daysAhead: 41 },
] as const;

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'Asia/Tashkent' });
  return context.newPage();
}

interface Org {
  id: number;
  name: string;
}

/** A pharmacy the signed-in user may visit, with a name no other listed pharmacy contains (so it is found unambiguously). */
async function findOrganization(request: APIRequestContext, token: string): Promise<Org> {
  const { items } = await call<{ items: (Org & { blocked: boolean })[] }>(request, 'GET', '/api/organizations?size=100&type=pharmacy', token);
  const names = items.map((o) => o.name);
  const found = items.find((o) => !o.blocked && names.filter((n) => n.includes(o.name)).length === 1);
  if (!found) throw new Error('no pharmacy with a distinct name in scope');
  return { id: found.id, name: found.name };
}

/** A retry of the serial journey plans on other days: the first attempt's visits are still there. */
const retryShift = () => test.info().retry * 10;

const save = (page: Page) => page.getByRole('button', { name: 'Сохранить', exact: true }).click();

test.describe.serial('visit planning', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const device of devices) {
    test(`a representative plans a visit, finds it in the calendar and on its day, and edits it (${device.name})`, async ({ browser }) => {
      const page = await newPage(browser, device.viewport);
      await signIn(page, 'rep');
      const organization = await findOrganization(page.request, await accessToken(page));
      const date = tashkentDate(device.daysAhead + retryShift());

      await page.goto(`/visits?month=${date.slice(0, 7)}`);
      await expect(page.getByRole('heading', { name: 'Календарь визитов' })).toBeVisible();
      const day = page.locator(`.visit-calendar td[title="${date}"]`);
      await expect(day.getByTestId('day-counts')).toHaveCount(0);

      await page.getByRole('button', { name: 'Запланировать визит' }).click();
      await expect(page.getByText('Запланировать визит', { exact: true }).last()).toBeVisible();
      // the representative plans for themself: no choice offered
      await expect(form(page).getByText('Турсунов Дилшод Анварович')).toBeVisible();

      // spec §5: the organization is required (saved again if the first click came while the form was still settling)
      await expect(async () => {
        await save(page);
        await expect(form(page).getByText('Обязательное поле').first()).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });

      await chooseOrganization(page, organization.name);
      await setDateTime(page, 'Начало', date, '10:00', device.phone);
      // the end follows a start moved past it
      await expect(form(page).getByLabel('Окончание', { exact: true })).toHaveValue(device.phone ? `${date}T11:00` : `${date} 11:00`);

      // the end may not come before the start: the localized message on the field, nothing sent
      await setDateTime(page, 'Окончание', date, '09:30', device.phone);
      await expect(page.getByText('Дата окончания не может быть раньше даты начала')).toBeVisible();
      await save(page);
      await expect(page.getByText('Дата окончания не может быть раньше даты начала')).toBeVisible();
      await expect(page.getByText('Визит успешно создан')).toHaveCount(0);

      await setDateTime(page, 'Окончание', date, '11:00', device.phone);
      await expect(page.getByText('Дата окончания не может быть раньше даты начала')).toHaveCount(0);
      await form(page).getByLabel('Комментарий').fill('Знакомство с новой заведующей');
      await save(page);
      await expect(page.getByText('Визит успешно создан')).toBeVisible();

      // counted on its day in the calendar
      await expect(day.getByTestId('day-counts')).toHaveAttribute('aria-label', /Запланирован: 1/);

      // and listed on /visits/:date
      await day.click();
      await expect(page).toHaveURL(new RegExp(`/visits/${date}$`));
      const item = page.locator('tr, [data-testid="visit-card"]').filter({ hasText: organization.name });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('10:00 – 11:00');
      await expect(item).toContainText('Запланирован');

      // edited: a longer visit
      await item.getByRole('button', { name: 'Изменить' }).click();
      await expect(page.getByText('Изменить визит', { exact: true }).last()).toBeVisible();
      await expect(form(page).getByLabel('Комментарий')).toHaveValue('Знакомство с новой заведующей');
      await setDateTime(page, 'Окончание', date, '11:30', device.phone);
      await save(page);
      await expect(page.getByText('Визит успешно обновлён')).toBeVisible();
      await expect(item).toContainText('10:00 – 11:30');

      // the organization search of the day (≥ 4 characters) finds it; a name that is not there, nothing
      await page.getByLabel('Поиск по организации').fill(organization.name);
      await expect(page).toHaveURL(/q=/);
      await expect(item).toHaveCount(1);
      await page.getByLabel('Поиск по организации').fill('Нет такой аптеки');
      await expect(page.getByText('Визиты не найдены')).toBeVisible();
      await page.context().close();
    });
  }

  test('a chief plans a visit for rep.malika', async ({ browser }) => {
    const page = await newPage(browser, { width: 1366, height: 860 });
    await signIn(page, 'chief');
    const organization = await findOrganization(page.request, await accessToken(page));
    const date = tashkentDate(42 + retryShift());

    await page.goto(`/visits/${date}`);
    await page.getByRole('button', { name: 'Запланировать визит' }).click();
    await chooseOrganization(page, organization.name);
    // a chief chooses among the team's representatives
    await chooseOption(page, form(page).getByLabel('Медицинский представитель', { exact: true }), 'Исмоилова Малика Шавкатовна');
    await setDateTime(page, 'Начало', date, '15:00', false);
    await save(page);
    await expect(page.getByText('Визит успешно создан')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: organization.name });
    await expect(row).toContainText('Исмоилова Малика Шавкатовна');
    await expect(row).toContainText('15:00 – 16:00');

    // the team filter of the calendar keeps it to her visits
    await page.goto(`/visits?month=${date.slice(0, 7)}`);
    await chooseOption(page, page.getByLabel('Медицинский представитель', { exact: true }), 'Исмоилова Малика Шавкатовна');
    await expect(page).toHaveURL(/representativeId=\d+/);
    await expect(page.locator(`.visit-calendar td[title="${date}"]`).getByTestId('day-counts')).toHaveAttribute('aria-label', /Запланирован: 1/);
    await page.context().close();
  });

  test("the representative's main screen on a phone lists today's visits and reminds of the next one once", async ({ browser }) => {
    const page = await newPage(browser, { width: 390, height: 844 });
    const token = await tokenOf(page.request, 'rep');
    const organization = await findOrganization(page.request, token);

    // the reminder comes by the notification stream: it is told only what happens while it is open
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream') && r.ok());
    // only this journey is about reminders: the others keep them quiet (a demo visit may be due)
    await signIn(page, 'rep', { reminders: true });
    await expect(page.getByRole('heading', { name: 'Мой день' })).toBeVisible();
    await streamOpen;

    // a visit of today: in 10 minutes (the server's sweep reminds of it within seconds), or earlier today when the day is about to end
    const now = Date.now();
    const soon = tashkentDate(0, now + 40 * 60_000) === tashkentDate(0, now);
    const start = soon ? new Date(now + 10 * 60_000) : new Date(`${tashkentDate(0, now)}T00:05:00+05:00`);
    const end = new Date(start.getTime() + 30 * 60_000);
    const me = await call<{ id: number }>(page.request, 'GET', '/api/account/me', token);
    await call(
      page.request,
      'POST',
      '/api/visits',
      token,
      { organizationId: organization.id, representativeId: me.id, plannedStart: start.toISOString(), plannedEnd: end.toISOString(), doctorIds: [] },
      201,
    );

    const reminder = page.locator('.ant-notification-notice').filter({ hasText: `Визит в ${organization.name} начнётся через` });
    if (soon) {
      // the popup over the screen, and its button opens the visit screen
      await expect(reminder).toBeVisible();
      await reminder.getByRole('button', { name: 'Открыть визит' }).click();
      await expect(page).toHaveURL(new RegExp(`/point-visit/${organization.id}/`));
      await expect(reminder).toHaveCount(0);
    }

    // back on the main screen (a new page load): the visit listed, the reminder not shown again
    const reopened = page.waitForResponse((r) => r.url().includes('/api/notifications/stream') && r.ok());
    await page.goto('/main');
    await expect(page.getByRole('heading', { name: 'Мой день' })).toBeVisible();
    const card = page.getByTestId('visit-card').filter({ hasText: organization.name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Начать визит' })).toBeVisible();
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);

    if (soon) {
      await expect(page.getByTestId('count-planned').locator('.visit-count__value')).not.toHaveText('0');
      await reopened;
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await expect(reminder).toHaveCount(0);
      // the bell keeps it: "Визит в HH:mm: <organization>", and it opens the visit too
      await page.getByTestId('notification-bell').click();
      const item = page
        .getByTestId('notification-list')
        .locator('.notification-item')
        .filter({ hasText: `: ${organization.name}` })
        .filter({ hasText: /Визит в \d\d:\d\d/ });
      await expect(item.first()).toBeVisible();
      await item.first().click();
      await expect(page).toHaveURL(new RegExp(`/point-visit/${organization.id}/`));
    }
    await page.context().close();
  });
});
