import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { createOrder, freeStockFor, openPharmacies, type CreatedOrder } from './api';
import { signIn, tokenOf } from './support';

/**
 * The order's specification (issue 6): a rep's order (created through the API with two products in
 * free stock) is opened by the operator on /orders-item; the .xlsx downloaded with the button is a
 * workbook whose sale total equals the total on the screen; /print shows the positions and the same
 * total, and its Print button calls the browser's print.
 */

/** The rep's order with two products in plenty of free stock and a 30 % prepayment. */
async function createOrderAsRep(request: APIRequestContext): Promise<CreatedOrder> {
  const rep = await tokenOf(request, 'rep');
  const [pharmacy] = await openPharmacies(request, rep);
  const products = await freeStockFor(request, rep, [pharmacy!], 2);
  return createOrder(
    request,
    rep,
    pharmacy!.id,
    products.map((p, i) => ({ productId: p.productId, quantity: 3 + i })),
    { prepaymentPercent: 30 },
  );
}

/** "1 234 567,89" (Russian: grouped with spaces, a decimal comma, as the screens show sums) → tiyin. */
const tiyinOf = (text: string) => Math.round(Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.')) * 100);

test('the operator downloads the specification .xlsx whose total matches the screen, and prints it from /print', async ({ browser, request }) => {
  const order = await createOrderAsRep(request);

  const context = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'operator');
  await page.goto(`/orders-item?id=${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number);
  const onScreen = page.locator('.ant-statistic').filter({ hasText: 'Сумма по цене продажи, сум' }).locator('.ant-statistic-content');
  const screenTotal = tiyinOf((await onScreen.innerText()).trim());
  expect(screenTotal).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Спецификация .xlsx' }).click()]);
  expect(download.suggestedFilename()).toBe(`specification-${order.number}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(String(sheet.getCell('A1').value)).toContain(`Спецификация к заказу № ${order.number}`);
  let fileTotal: number | null = null;
  const products: string[] = [];
  sheet.eachRow((row) => {
    const label = row.getCell(8).value;
    if (label === 'Итого по цене продажи') {
      const cell = row.getCell(12).value as number | { result: number };
      fileTotal = Math.round((typeof cell === 'number' ? cell : cell.result) * 100);
    }
    if (typeof row.getCell(1).value === 'number') products.push(String(row.getCell(2).value));
  });
  expect(fileTotal).toBe(screenTotal);
  expect(products.sort()).toEqual(order.positions.map((p) => p.productName).sort());

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: 'Печать' }).click();
  await expect(page).toHaveURL(new RegExp(`/print\\?id=${order.id}$`));
  const sheetOnPage = page.getByTestId('specification-sheet');
  await expect(sheetOnPage.getByRole('heading', { level: 1 })).toContainText(`№ ${order.number}`);
  const rows = sheetOnPage.locator('tbody tr');
  await expect(rows).toHaveCount(order.positions.length);
  for (const p of order.positions) await expect(rows.filter({ hasText: p.productName })).toHaveCount(1);
  expect(tiyinOf(await page.getByTestId('specification-total-sumSale').locator('td.num').innerText())).toBe(screenTotal);

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Печать' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // on paper: no sidebar, header or buttons
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-sider')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Печать' })).toBeHidden();
  await expect(sheetOnPage).toBeVisible();
  await context.close();
});
