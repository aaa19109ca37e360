import { expect, test, type Page } from '@playwright/test';
import { call } from './api';
import { accessToken, openFromSidebar, signIn, tashkentDate } from './support';

/**
 * /coverage-map (spec §2): a chief opens the coverage map from the sidebar; the territory's organizations
 * are on the map, coloured by state, the legend counts them as the API does for the same period, and the
 * uncovered organizations are listed beside the map (or it says there are none).
 */

const states = ['visitedAndOrdering', 'visitedOnly', 'orderingOnly', 'notCovered'] as const;
interface CoverageAnswer {
  counts: Record<(typeof states)[number], number>;
  points: unknown[];
  uncovered: unknown[];
}

/** E2E_SHOTS=<folder> keeps screenshots of the screen at a desk and a phone width, light and dark. */
const shots = process.env.E2E_SHOTS;
async function screenshot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The current month in Tashkent: the screen's default period. */
function thisMonth() {
  const today = tashkentDate();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

test('a chief opens the coverage map: coloured points, the legend counts as the API gives them, the uncovered list', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, 'chief');
  const token = await accessToken(page);

  await openFromSidebar(page, 'Аналитика', 'Карта покрытия');
  await expect(page).toHaveURL(/\/coverage-map$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Карта покрытия');

  const { from, to } = thisMonth();
  const answer = await call<CoverageAnswer>(page.request, 'GET', `/api/analytics/coverage?from=${from}&to=${to}`, token);
  for (const state of states) await expect(page.getByTestId(`coverage-count-${state}`)).toHaveText(String(answer.counts[state]));

  // the points are drawn, merged or alone, in the states' colours
  const map = page.getByRole('region', { name: 'Карта покрытия организаций' });
  if (answer.points.length > 0) await expect(map.locator('.map-cluster, .map-pin').first()).toBeVisible();
  const painted = await map
    .locator('.map-cluster, .map-pin')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).getAttribute('style') ?? '').filter((s) => s.includes('--coverage-')));
  if (answer.points.length > 0) expect(painted.length).toBeGreaterThan(0);

  // a click on a state hides it from the map and back
  const notCovered = page.getByRole('button', { name: /Не охвачены/ });
  await notCovered.click();
  await expect(notCovered).toHaveAttribute('aria-pressed', 'false');
  await notCovered.click();
  await expect(notCovered).toHaveAttribute('aria-pressed', 'true');

  // the uncovered list: its organizations, or that there are none
  const list = page.locator('.coverage-uncovered');
  await expect(list).toContainText(`Неохваченные организации · ${answer.uncovered.length}`);
  if (answer.uncovered.length > 0) await expect(list.locator('.ant-list-item').first()).toBeVisible();
  else await expect(list).toContainText('Все организации территории охвачены');

  // a rep's day of the last week with started visits: the numbered line of their positions, in order
  const reps = await call<{ id: number }[]>(page.request, 'GET', '/api/users/options?role=rep', token);
  let found: { rep: number; day: string; stops: number } | undefined;
  for (let back = 0; back < 7 && !found; back++)
    for (const rep of reps) {
      const day = tashkentDate(-back);
      const track = await call<{ stops: unknown[] }>(page.request, 'GET', `/api/analytics/track?representativeId=${rep.id}&day=${day}`, token);
      if (track.stops.length >= 2) {
        found = { rep: rep.id, day, stops: track.stops.length };
        break;
      }
    }
  if (found) {
    await page.goto(`/coverage-map?trackRep=${found.rep}&trackDay=${found.day}`);
    await expect(page.getByRole('status').filter({ hasText: `${found.stops}` })).toBeVisible();
    await expect(map.locator('.map-stop')).toHaveCount(found.stops);
    await expect(map.locator('.map-stop').first()).toHaveText('1');
  }

  await screenshot(page, 'coverage-1366-light');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('coverage-count-notCovered')).toHaveText(String(answer.counts.notCovered));
  await screenshot(page, 'coverage-1366-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('coverage-count-notCovered')).toHaveText(String(answer.counts.notCovered));
  await screenshot(page, 'coverage-390-dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.getByTestId('coverage-count-notCovered')).toHaveText(String(answer.counts.notCovered));
  await screenshot(page, 'coverage-390-light');
  await context.close();
});
