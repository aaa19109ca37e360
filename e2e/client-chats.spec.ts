import { expect, test, type APIRequestContext } from '@playwright/test';
import { telegramStandInPort } from '../playwright.config';
import { openFromSidebar, signIn } from './support';

/** The local Telegram Bot API the e2e server's company bot talks to (playwright.config.ts). */
const telegram = `http://127.0.0.1:${telegramStandInPort}`;
const sentTo = async (request: APIRequestContext, chatId: number) =>
  ((await (await request.get(`${telegram}/control/sent`)).json()) as { chatId: string; text: string }[])
    .filter((m) => m.chatId === String(chatId))
    .map((m) => m.text);

/**
 * Chats with clients (issue 18 item 3): a pharmacy writes to the company bot; the message appears in the
 * operator's inbox without a reload; the operator answers from it and the pharmacy's chat receives it.
 */
test('a client’s Telegram message reaches the inbox; the operator’s answer reaches the client', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const chatId = 60_000 + Math.floor(Math.random() * 9000);
  const question = `Есть ли Нурофен 200 мг? (${chatId})`;

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await desk.newPage();
  await signIn(page, 'operator');
  await openFromSidebar(page, 'Коммуникации', 'Чаты с клиентами');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Чаты с клиентами');

  await request.post(`${telegram}/control/write`, { data: { chatId, text: question, languageCode: 'ru' } });
  // the list reads again while the page is open: the new conversation comes without a reload
  const item = page.getByTestId('chat-item').filter({ hasText: `User ${chatId}` });
  await expect(item).toContainText(question, { timeout: 20_000 });
  await item.click();
  const view = page.getByTestId('chat-view');
  await expect(view.getByTestId('chat-message').filter({ hasText: question })).toHaveAttribute('data-direction', 'in');

  const answer = `Да, 40 упаковок на складе (${chatId})`;
  const box = view.getByLabel('Сообщение', { exact: true });
  await box.fill(answer);
  await box.press('Enter');
  const sent = view.getByTestId('chat-message').filter({ hasText: answer });
  await expect(sent).toHaveAttribute('data-direction', 'out');
  await expect(sent.getByTestId('chat-delivery')).toHaveText('Отправлено');
  await expect(box).toHaveValue('');
  await expect.poll(() => sentTo(request, chatId)).toContain(answer);
  // answered: it now waits for the client
  await expect(item.getByTestId('chat-status')).toHaveText('Ждём клиента');
  await desk.close();
});
