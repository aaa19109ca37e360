import { expect, test, type Page } from '@playwright/test';
import { call } from './api';
import { chooseOption, openFromSidebar, signIn, tokenOf } from './support';

const text = (ru: string) => ({ ru, en: '', 'uz-Latn': '', 'uz-Cyrl': '' });

/** Answers the attempt's questions, each rightly or wrongly (the right options say «Верно»), and finishes it. */
async function takeTest(page: Page, right: boolean) {
  for (let i = 0; i < 2; i++) {
    await expect(page.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
    await page.getByRole('radio', { name: right ? /^Верно/ : /^Неверно/ }).check();
    if (i === 0) await page.getByRole('button', { name: /Далее/ }).click();
  }
  await page.getByRole('button', { name: 'Завершить тест' }).click();
  const dialog = page.getByRole('dialog', { name: 'Завершить тест?' });
  await expect(dialog).toContainText('Вы ответили на все вопросы');
  await dialog.getByRole('button', { name: 'Завершить тест' }).click();
}

/**
 * Testing (issue 19 item 3): a rep takes a test on the phone, fails, retakes it and passes; the chief sees
 * both attempts in the team's results and the question answered wrong among the weak ones.
 */
test('a rep fails a test, retakes it and passes; the chief sees the results', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now()).slice(-6);
  const title = `Проверка знаний ${stamp}`;
  const chiefToken = await tokenOf(request, 'chief');
  const bank = await call<{ id: number }>(request, 'POST', '/api/testing/banks', chiefToken, { name: text(`Банк ${stamp}`) }, 201);
  for (const n of [1, 2])
    await call(
      request,
      'POST',
      '/api/testing/questions',
      chiefToken,
      {
        bankId: bank.id,
        kind: 'single',
        text: text(`Вопрос ${n} (${stamp})`),
        options: [{ text: text(`Верно ${n}`), correct: true }, { text: text(`Неверно ${n}`) }],
      },
      201,
    );
  await call(
    request,
    'POST',
    '/api/testing/tests',
    chiefToken,
    {
      title: text(title),
      bankIds: [bank.id],
      questionCount: 2,
      timeLimitMinutes: 10,
      passMark: 100,
      attemptsAllowed: 2,
      roles: ['rep'],
    },
    201,
  );

  const phone = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await signIn(page, 'rep');
  // on the phone the sidebar is behind the menu button
  await page.getByRole('button', { name: 'Открыть меню' }).tap();
  await openFromSidebar(page, 'Знания', 'Тестирование');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Тестирование');
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('2 из 2');
  await card.getByRole('button', { name: 'Начать тест' }).click();

  await takeTest(page, false);
  await expect(page.getByText('Тест не сдан')).toBeVisible();
  await expect(page.getByText('Результат: 0%')).toBeVisible();
  await expect(page.getByText('Верный ответ: Верно 1')).toBeVisible();

  await page.getByRole('button', { name: 'К тестам' }).click();
  await expect(card).toContainText('1 из 2');
  await card.getByRole('button', { name: 'Пройти ещё раз' }).click();
  await takeTest(page, true);
  await expect(page.getByText('Тест сдан')).toBeVisible();
  await expect(page.getByText('Результат: 100%')).toBeVisible();
  await page.getByRole('button', { name: 'К тестам' }).click();
  await expect(card).toContainText('Сдан');
  await expect(card.getByRole('button', { name: 'Пройти ещё раз' })).toHaveCount(0);
  await phone.close();

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const chief = await desk.newPage();
  await signIn(chief, 'chief');
  await openFromSidebar(chief, 'Знания', 'Тестирование');
  await chief.getByRole('tab', { name: 'Результаты команды' }).click();
  await chooseOption(chief, chief.getByRole('combobox', { name: 'Тест' }), title);
  const rows = chief.getByRole('table').first().getByRole('row').filter({ hasText: title });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '100%' })).toContainText('Сдан');
  await expect(rows.filter({ hasText: 'Не сдан' })).toContainText('0%');
  await expect(chief.getByText(`Вопрос 1 (${stamp})`)).toBeVisible();
  await expect(chief.getByText('1 неверно из 2').first()).toBeVisible();
  await desk.close();
});
