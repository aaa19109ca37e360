import { expect as baseExpect, test } from '@playwright/test';
import { call, openPharmacies } from './api';
import { signIn, tashkentDate, tokenOf } from './support';

// the machine running these is shared and often busy: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 13, the main screen: it moves to the new day at midnight in Tashkent without a reload (the
 * rep's screen kept showing yesterday's visits, and yesterday's overdue visit as "Next visit"), and
 * the operator's main screen is their queue of orders, not the representatives' visits.
 */

const tashkent = (date: string, time: string) => new Date(`${date}T${time}:00+05:00`);

test('the rep’s main screen left open over midnight shows the new day’s visits', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const rep = await tokenOf(request, 'rep');
  const me = await call<{ id: number }>(request, 'GET', '/api/account/me', rep);
  const [yesterday, today] = [tashkentDate(-1), tashkentDate(0)];
  // two pharmacies whose names appear on neither day's list yet
  const listed = await call<{ items: { organizationName: string }[] }>(request, 'GET', `/api/visits?from=${yesterday}&to=${today}&size=100`, rep);
  const unseen = (await openPharmacies(request, rep)).filter(
    (o) => !listed.items.some((v) => v.organizationName.includes(o.name) || o.name.includes(v.organizationName)),
  );
  const todays = unseen.at(-1);
  const yesterdays = unseen.find((o) => !o.name.includes(todays!.name) && !todays!.name.includes(o.name));
  const plan = (organizationId: number, date: string) =>
    call(
      request,
      'POST',
      '/api/visits',
      rep,
      { organizationId, representativeId: me.id, plannedStart: tashkent(date, '23:00').toISOString(), plannedEnd: tashkent(date, '23:30').toISOString() },
      201,
    );
  await plan(yesterdays!.id, yesterday);
  await plan(todays!.id, today);

  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // the phone's clock: a few minutes before midnight at the end of yesterday
  await page.clock.install({ time: tashkent(yesterday, '23:57') });
  await signIn(page, 'rep');
  const cards = page.locator('.main-today');
  await expect(cards).toContainText(yesterdays!.name);
  await expect(cards).not.toContainText(todays!.name);

  // midnight passes with the screen open
  await page.clock.fastForward('05:00');
  await expect(cards).toContainText(todays!.name);
  await expect(cards).not.toContainText(yesterdays!.name);
  // the visit to go to is today's, never yesterday's (an overdue one is called overdue, not "Next visit")
  await expect(page.locator('.nearest-visit')).not.toContainText(yesterdays!.name);
  await context.close();
});

test('the operator’s main screen is the queue of orders to confirm', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'operator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Подтверждение заказов');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText('Визиты сегодня')).toHaveCount(0);
  await page.goto('/main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Подтверждение заказов');
  await context.close();
});
