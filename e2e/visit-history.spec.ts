import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { call } from './api';
import { chooseOption, signIn, storedToken } from './support';

/**
 * Visit history journey (issue #5, history and the questionable-visits queue): a representative's
 * visit completed 1 km from the pharmacy lands in the chief's queue with its reasons spelled out;
 * the chief accepts it (it leaves the pending tab and shows under accepted), filters the visit
 * history by status, and on the pharmacy's history sees the statistics and saves the pharmacy's
 * rating of the visit — on the desk, and once more on a 390 px phone.
 */

// the machine running these is shared and often busy: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

interface Organization {
  id: number;
  name: string;
  lat: number | null;
  lng: number | null;
  blocked: boolean;
}
interface Visit {
  id: number;
  status: string;
  review: string | null;
  proofReasons: string[];
}

/** The visit's day in Tashkent (UTC+5), the business date the history filters by: its planned start's, which just after midnight is yesterday. */
let visitDay = '';
const reviewComment = `Проверено по звонку в аптеку ${String(Date.now()).slice(-5)}`;

let visitId = 0;
let organization: Organization;

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return context.newPage();
}

test.describe.serial('visit history and the questionable-visits queue', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a visit completed far from the pharmacy becomes questionable (through the API, as the rep)', async ({ browser }) => {
    const page = await newPage(browser);
    await signIn(page, 'rep');
    const { access_token: token = '' } = await storedToken(page);
    const me = await call<{ id: number }>(page.request, 'GET', '/api/account/me', token);
    const organizations = await call<{ items: Organization[] }>(page.request, 'GET', '/api/organizations?size=50', token);
    const located = organizations.items.filter((o) => o.lat !== null && o.lng !== null && !o.blocked);
    expect(located.length).toBeGreaterThan(0);
    organization = located[located.length - 1]!;
    const now = Date.now();
    const planned = await call<Visit>(page.request, 'POST', '/api/visits', token, {
      organizationId: organization.id,
      representativeId: me.id,
      plannedStart: new Date(now - 30 * 60_000).toISOString(),
      plannedEnd: new Date(now + 30 * 60_000).toISOString(),
      doctorIds: [],
    });
    visitId = planned.id;
    visitDay = new Date(now - 30 * 60_000 + 5 * 3_600_000).toISOString().slice(0, 10);
    // about 1.1 km north of the pharmacy at both ends, and within the same minute
    const far = { lat: organization.lat! + 0.01, lng: organization.lng!, accuracy: 15 };
    await call(page.request, 'POST', `/api/visits/${visitId}/start`, token, { position: { ...far, deviceTime: new Date().toISOString() } });
    const completed = await call<Visit>(page.request, 'POST', `/api/visits/${visitId}/complete`, token, {
      position: { ...far, deviceTime: new Date().toISOString() },
    });
    expect(completed.status).toBe('completed');
    expect(completed.review).toBe('pending');
    expect(completed.proofReasons).toEqual(expect.arrayContaining(['farFromOrganization', 'tooShort']));
    await page.context().close();
  });

  test('the chief sees the reasons in words and accepts the visit: it leaves the pending tab and shows under accepted', async ({ browser }) => {
    const page = await newPage(browser);
    await signIn(page, 'chief');
    await page.getByRole('link', { name: 'Сомнительные визиты' }).click();
    await expect(page).toHaveURL(/\/questionable-visits$/);
    await expect(page.getByRole('heading', { name: 'Сомнительные визиты' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /На проверке/ })).toHaveAttribute('aria-selected', 'true');

    const card = page.locator(`.review-card[data-visit-id="${visitId}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: organization.name })).toBeVisible();
    // the figures come with the visit's positions: distance against the limit, minutes against the minimum
    await expect(card.locator('[data-reason="farFromOrganization"]')).toHaveText(/^Завершён в 1 1\d\d м от организации \(лимит 200 м\)$/);
    await expect(card.locator('[data-reason="tooShort"]')).toHaveText('Меньше минуты в организации (минимум 5)');
    // the map shows the pharmacy and both positions
    await expect(card.getByTestId('map').locator('.map-pin')).toHaveCount(3);

    await card.getByLabel('Комментарий к проверке').fill(reviewComment);
    await card.getByRole('button', { name: 'Принять' }).click();
    await expect(page.getByText('Визит принят')).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.getByRole('tab', { name: /Принятые/ }).click();
    await expect(page).toHaveURL(/review=accepted/);
    const accepted = page.locator(`.review-card[data-visit-id="${visitId}"]`);
    await expect(accepted).toBeVisible();
    await expect(accepted.getByText('Принят', { exact: true })).toBeVisible();
    await expect(accepted.getByText(reviewComment)).toBeVisible();
    await expect(accepted.getByRole('button', { name: 'Принять' })).toHaveCount(0);
    await page.context().close();
  });

  test('visit history filters by status; a visit unfolds into its proof and positions', async ({ browser }) => {
    const page = await newPage(browser);
    await signIn(page, 'chief');
    await page.goto('/history-visits');
    await expect(page.getByRole('heading', { name: 'История визитов' })).toBeVisible();
    const rows = page.locator('.visits-table tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();

    await chooseOption(page, page.getByRole('combobox', { name: 'Статус' }), 'Отменён');
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(rows.first()).toBeVisible();
    await expect(async () => {
      const statuses = await rows.locator('td .visit-status-tag').allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['Отменён']));
    }).toPass({ timeout: 30_000 });

    await chooseOption(page, page.getByRole('combobox', { name: 'Статус' }), 'Завершён');
    await expect(page).toHaveURL(/status=completed/);
    const ours = page.locator(`.visits-table tr[data-row-key="${visitId}"]`);
    await expect(ours).toBeVisible();
    await expect(ours.getByText('Сомнительный')).toBeVisible();
    await ours.getByRole('button', { name: /Развернуть строку|Expand row/ }).click();
    const details = page.locator(`.visit-details[data-visit-id="${visitId}"]`);
    await expect(details.locator('[data-reason="farFromOrganization"]')).toContainText('лимит 200 м');
    await expect(details.getByText('Местоположение при завершении').first()).toBeVisible();
    await expect(details.locator('[data-slot="visit-orders"]')).toBeVisible();
    await page.context().close();
  });

  test("the pharmacy's history shows its statistics and saves the pharmacy's rating of the visit", async ({ browser }) => {
    const page = await newPage(browser);
    await signIn(page, 'chief');
    await page.goto(`/references/${organization.id}`);
    await page.getByRole('link', { name: 'История' }).click();
    await expect(page).toHaveURL(new RegExp(`/history/${organization.id}$`));
    await expect(page.getByRole('heading', { name: organization.name })).toBeVisible();
    // the visit's day only (the date filter in the URL), so the visit is on the first page
    await page.goto(`/history/${organization.id}?from=${visitDay}&to=${visitDay}`);
    const statistics = page.getByRole('region', { name: 'Статистика' });
    await expect(statistics).toContainText('Визитов');
    await expect(statistics.locator('.status-count[data-status="completed"]')).toContainText(/Завершён\s*[1-9]/);
    await expect(page.getByText('За этот период оценок пока нет')).toBeVisible();

    const row = page.locator(`tr[data-row-key="${visitId}"]`);
    await row.getByRole('button', { name: 'Оценить' }).click();
    const form = page.getByRole('form', { name: 'Оценка' });
    await expect(form).toBeVisible();
    // nothing chosen: the stars are required
    await form.getByRole('button', { name: 'Сохранить оценку' }).click();
    await expect(form.getByText('Обязательное поле').first()).toBeVisible();
    const stars = { Эффективность: 5, 'Вежливость оператора': 4, 'Скорость доставки': 3, 'Время ответа': 4 };
    for (const [criterion, count] of Object.entries(stars)) {
      await form
        .getByRole('radiogroup', { name: criterion })
        .getByRole('radio')
        .nth(count - 1)
        .click();
    }
    await form.getByLabel('Комментарий').fill('Доставка задержалась на день');
    await form.getByRole('button', { name: 'Сохранить оценку' }).click();
    await expect(page.getByText('Оценка успешно сохранена!')).toBeVisible();

    // the visit shows its stars, and the averages of the period follow
    const details = page.locator(`.visit-details[data-visit-id="${visitId}"]`);
    await expect(details.getByText('Доставка задержалась на день')).toBeVisible();
    await expect(details.getByLabel('Скорость доставки: 3 из 5')).toBeVisible();
    await expect(page.getByText('За этот период оценок пока нет')).toHaveCount(0);
    await expect(page.locator('.stat-card').getByLabel('Эффективность: 5 из 5')).toBeVisible();
    await page.context().close();
  });

  test('on a 390 px phone: the accepted visit in the queue, and the history as cards that unfold', async ({ browser }) => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, 'chief');
    await page.goto('/questionable-visits?review=accepted');
    const card = page.locator(`.review-card[data-visit-id="${visitId}"]`);
    await expect(card).toBeVisible();
    await expect(card.locator('[data-reason="tooShort"]')).toBeVisible();
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await page.goto(`/history/${organization.id}?from=${visitDay}&to=${visitDay}`);
    await expect(page.getByRole('region', { name: 'Статистика' })).toBeVisible();
    const visit = page.locator(`.visit-cards li[data-visit-id="${visitId}"]`);
    await expect(visit).toBeVisible();
    await visit.getByRole('button', { name: 'Подробнее' }).click();
    await expect(visit.getByLabel('Эффективность: 5 из 5')).toBeVisible();
    await expect(visit.locator('[data-reason="farFromOrganization"]')).toContainText('лимит 200 м');
    // nothing wider than the phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
