import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { call } from './api';
import { accessToken, openFromSidebar, signIn, tashkentDate } from './support';

/**
 * Analytics (issue 15): a chief opens /statistics from the sidebar for last month and reads the
 * figures the API answers for their team; the report by employee exports an .xlsx whose totals equal
 * the screen's.
 */

interface Summary {
  figures: Record<string, number | null>;
}
interface Breakdown {
  rows: { name: string | null; figures: Record<string, number | null> }[];
  total: Record<string, number | null>;
}

/** Money as the Russian screen writes it ("496 791 272", "1 234,50") → tiyin. */
const tiyinOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);
/** Last month as the month picker writes it, and its first and last day. */
function lastMonth() {
  const today = tashkentDate();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const ym = `${year}-${String(month).padStart(2, '0')}`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { ym, from: `${ym}-01`, to: `${ym}-${String(last).padStart(2, '0')}` };
}

async function pickMonth(page: Page, ym: string) {
  const picker = page.getByRole('textbox', { name: 'Период' });
  await picker.click();
  await picker.fill(ym);
  await picker.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date=${ym}-01`));
}

test('a chief reads last month on /statistics as the API counts it and exports the report by employee with the same totals', async ({ page }) => {
  await signIn(page, 'chief');
  const token = await accessToken(page);
  const { ym, from, to } = lastMonth();

  await openFromSidebar(page, 'Аналитика', 'Статистика');
  await expect(page.getByRole('heading', { level: 1, name: 'Статистика' })).toBeVisible();
  await pickMonth(page, ym);

  const summary = await call<Summary>(page.request, 'GET', `/api/analytics/summary?from=${from}&to=${to}`, token);
  expect(summary.figures.visitsCompleted, 'the demo team visited last month').toBeGreaterThan(0);
  for (const measure of ['visitsPlanned', 'visitsCompleted', 'visitsOverdue']) {
    await expect(page.getByTestId(`kpi-${measure}`).locator('.kpi-card__value')).toHaveText(
      new RegExp(`^${String(summary.figures[measure]).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?')}$`),
    );
  }

  // the orders tab: the sum at sale price, as the API counts it (money in sum with tiyin)
  await page.getByRole('tab', { name: 'Заказы' }).click();
  // polled: the screen shows the month before the one picked until the picked one's answer arrives
  await expect.poll(async () => tiyinOf(await page.getByTestId('kpi-ordersSum').locator('.kpi-card__value').textContent())).toBe(summary.figures.ordersSum);

  // the report by employee: the team's rows, the totals on screen and in the .xlsx are the API's
  await openFromSidebar(page, 'Аналитика', 'Отчёт по сотрудникам');
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёт по сотрудникам' })).toBeVisible();
  await pickMonth(page, ym);
  const report = await call<Breakdown>(page.request, 'GET', `/api/analytics/breakdown?from=${from}&to=${to}&by=representative`, token);
  for (const row of report.rows.filter((r) => r.name)) await expect(page.getByRole('row').filter({ hasText: row.name! }).first()).toBeVisible();
  await expect.poll(async () => tiyinOf(await page.getByTestId('total-ordersSum').textContent())).toBe(report.total.ordersSum);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Выгрузить в Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-representative-${from}-${to}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getCell('A1').value).toBe('Отчёт по сотрудникам');
  let header = 0;
  sheet.eachRow((row, n) => {
    if (row.getCell(1).value === 'Сотрудник') header = n;
  });
  const titles = sheet.getRow(header).values as unknown[];
  const totalRow = sheet.getRow(header + report.rows.length + 1);
  expect(totalRow.getCell(1).value).toBe('Итого');
  const cellOf = (title: string) => totalRow.getCell(titles.indexOf(title)).value as { formula: string; result: number };
  expect(cellOf('Сумма заказов').formula).toMatch(/^SUM\(/);
  expect(Math.round(cellOf('Сумма заказов').result * 100)).toBe(report.total.ordersSum);
  expect(cellOf('Визитов проведено').result).toBe(report.total.visitsCompleted);
});

interface MonthlySales {
  months: string[];
  rows: { name: string | null; sum: number }[];
  rowCount: number;
  total: { sum: number };
}

test('a chief reads this year’s monthly sales a page at a time, sorts them by name, and the totals are every row’s', async ({ page }) => {
  await signIn(page, 'chief');
  const token = await accessToken(page);
  const year = tashkentDate().slice(0, 4);
  const ask = (extra: string) =>
    call<MonthlySales>(page.request, 'GET', `/api/analytics/monthly-sales?from=${year}-01-01&to=${year}-12-31&by=product${extra}`, token);

  await openFromSidebar(page, 'Аналитика', 'Продажи за месяц');
  await expect(page.getByRole('heading', { level: 1, name: 'Продажи за месяц' })).toBeVisible();
  const bySum = await ask('');
  expect(bySum.rowCount, 'the demo team sold more products this year than a page holds').toBeGreaterThan(25);
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  // the largest sum first, and the totals row of every product, not the page's
  await expect(firstRow.locator('td').first()).toHaveText(bySum.rows[0]!.name!);
  const totalSum = page.locator('.row-total td').nth(bySum.months.length + 4);
  expect(tiyinOf(await totalSum.textContent())).toBe(bySum.total.sum);

  await page.getByRole('columnheader', { name: 'Товар' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(firstRow.locator('td').first()).toHaveText((await ask('&sort=name')).rows[0]!.name!);
  // the next page keeps the sort
  const byName = await ask('&sort=name&page=2');
  await page.locator('.ant-pagination').getByRole('listitem', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=name/);
  await expect(firstRow.locator('td').first()).toHaveText(byName.rows[0]!.name!);
  expect(tiyinOf(await totalSum.textContent())).toBe(bySum.total.sum);
});
