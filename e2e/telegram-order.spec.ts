import { expect, test, type APIRequestContext } from '@playwright/test';
import { telegramStandInPort } from '../playwright.config';
import { call, freeStockFor, openPharmacies } from './api';
import { signIn, tokenOf } from './support';

/** The local Telegram Bot API the e2e server's company bot talks to (playwright.config.ts). */
const telegram = `http://127.0.0.1:${telegramStandInPort}`;
const write = (request: APIRequestContext, chatId: number, text: string) =>
  request.post(`${telegram}/control/write`, { data: { chatId, text, languageCode: 'ru' } });
/** The first message the bot sent to the chat after the `from`th that contains `part` (polled). */
async function botSaid(request: APIRequestContext, chatId: number, part: string, from = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const sent = (await (await request.get(`${telegram}/control/sent`)).json()) as { chatId: string; text: string }[];
        found = sent.slice(from).find((m) => m.chatId === String(chatId) && m.text.includes(part))?.text;
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}
const sentCount = async (request: APIRequestContext) => ((await (await request.get(`${telegram}/control/sent`)).json()) as unknown[]).length;

/**
 * Ordering through Telegram (issue 18 item 4): a pharmacy writes to the company bot; once the desk links
 * its chat to its organization it orders there, and the order waits on /orders for the operator as any
 * new order; the operator's move reaches the pharmacy's chat.
 */
test('a pharmacy orders in the company bot; the order waits on /orders and the pharmacy hears it is in processing', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const chatId = 70_000 + Math.floor(Math.random() * 9000);
  const operatorToken = await tokenOf(request, 'operator');
  const [pharmacy] = await openPharmacies(request, operatorToken);
  const [product] = await freeStockFor(request, operatorToken, [pharmacy!], 1);

  // the pharmacy writes first: its conversation reaches the inbox; the desk links it to the organization
  await write(request, chatId, `Здравствуйте, это ${pharmacy!.name}`);
  await botSaid(request, chatId, 'ваше сообщение получено');
  const { items } = await call<{ items: { id: number }[] }>(request, 'GET', `/api/chats?q=${encodeURIComponent(`User ${chatId}`)}`, operatorToken);
  await call(request, 'PUT', `/api/chats/${items[0]!.id}`, operatorToken, { organizationId: pharmacy!.id });

  let from = await sentCount(request);
  await write(request, chatId, `/order\n${product!.productName} 2`);
  expect(await botSaid(request, chatId, 'Ваш заказ:', from)).toContain(`${product!.productName} × 2`);
  from = await sentCount(request);
  await write(request, chatId, '/confirm');
  const placed = await botSaid(request, chatId, 'отправлен оператору', from);
  const number = /№(\d+)/.exec(placed)![1]!;

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await desk.newPage();
  await signIn(page, 'operator');
  await page.goto('/orders?status=new');
  const row = page.getByRole('row').filter({ hasText: `№ ${number}` });
  await expect(row).toContainText(pharmacy!.name);
  await expect(row).toContainText('Новый');
  await row.getByRole('link', { name: `№ ${number}` }).click();
  await expect(page.getByText(product!.productName).first()).toBeVisible();

  // the operator takes it into processing: the pharmacy is told in its chat
  from = await sentCount(request);
  const order = await call<{ items: { id: number; number: string }[] }>(request, 'GET', `/api/orders?organizationId=${pharmacy!.id}&size=100`, operatorToken);
  await call(request, 'POST', `/api/orders/${order.items.find((o) => o.number === number)!.id}/move`, operatorToken, { to: 'in_processing' });
  expect(await botSaid(request, chatId, `Заказ №${number}`, from)).toBe(`Заказ №${number}: В обработке`);
  await desk.close();
});
