import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { openFromSidebar, signIn } from './support';

/** A real 8 × 8 PNG (red), built here: what an editor picks from their disk. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 8 }, () => [220, 30, 30]).flat())])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The language tab shown (the others are rendered, hidden). */
const activePanel = (page: Page) => page.getByRole('tabpanel');

/**
 * The knowledge base (issue 19 item 1): a chief writes a monograph with a dosage table in Russian, then
 * its Uzbek text with an image; a rep who reads in English gets the Russian text (the fallback), sees
 * which languages it has, and reads the Uzbek one with its image.
 */
test('an editor writes an article with a table and an image in two languages; a rep reads it in the fallback language', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const titleRu = `Нимесулид ${stamp}: монография`;
  const titleUz = `Nimesulid ${stamp}: monografiya`;

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await desk.newPage();
  await signIn(page, 'chief');
  await openFromSidebar(page, 'Знания', 'База знаний');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('База знаний');
  await page
    .getByRole('tree')
    .getByText(/^Анальгетики и НПВС/)
    .click();
  // the list shows the chosen category before a new article is started in it
  await expect(page).toHaveURL(/[?&]category=\d+/);
  await page.getByRole('button', { name: 'Новая статья' }).click();
  await expect(page).toHaveURL(/\/knowledge-base\/new\/edit\?category=\d+/);

  // Russian: a heading, a sentence and a dosage table
  await activePanel(page).getByLabel('Заголовок (Русский)').fill(titleRu);
  const ruText = activePanel(page).getByRole('textbox', { name: 'Текст (Русский)' });
  await ruText.click();
  await page.keyboard.type('Нестероидное противовоспалительное средство.');
  await page.keyboard.press('Enter');
  await activePanel(page).getByRole('button', { name: 'Вставить таблицу' }).click();
  // the header row, then the first row below it (Tab moves cell by cell)
  await page.keyboard.type('Кому');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Доза');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Tab');
  await page.keyboard.type('Взрослым');
  await page.keyboard.press('Tab');
  await page.keyboard.type('100 мг 2 раза в сутки');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/knowledge-base\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleRu);
  await expect(page.getByRole('cell', { name: '100 мг 2 раза в сутки' })).toBeVisible();

  // Uzbek (Latin): its text with an image uploaded from the disk
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByRole('tab', { name: /Oʻzbekcha/ }).click();
  await activePanel(page).getByLabel('Заголовок (Oʻzbekcha)').fill(titleUz);
  await activePanel(page).getByRole('textbox', { name: 'Текст (Oʻzbekcha)' }).click();
  await page.keyboard.type('Nosteroid yalligʻlanishga qarshi vosita.');
  await page.keyboard.press('Enter');
  await activePanel(page).getByRole('button', { name: 'Вставить таблицу' }).click();
  await page.keyboard.type('Kimga');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Doza');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Tab');
  await page.keyboard.type('Kattalarga');
  await page.keyboard.press('Tab');
  await page.keyboard.type('100 mg kuniga 2 marta');
  await activePanel(page).getByTestId('editor-image-input').setInputFiles({ name: 'sxema.png', mimeType: 'image/png', buffer: png() });
  await expect(activePanel(page).locator('.tiptap img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  // the reader again (the editor's own heading is the Russian title too)
  await expect(page).toHaveURL(/\/knowledge-base\/\d+$/);
  await expect(page.getByText('Версия 2')).toBeVisible();
  const articleUrl = page.url();
  await desk.close();

  // a rep reading in English: not written in it, so Russian first, and a switch to Uzbek
  const phone = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const rep = await phone.newPage();
  await signIn(rep, 'rep');
  await rep.getByRole('button', { name: 'Язык' }).click();
  await rep.getByRole('menuitem', { name: 'English' }).click();
  await expect(rep.getByRole('button', { name: 'Language' })).toBeVisible();
  await rep.goto(articleUrl);
  await expect(rep.getByRole('heading', { level: 1 })).toHaveText(titleRu);
  await expect(rep.getByText('This article is not written in your language: shown in Русский.')).toBeVisible();
  await expect(rep.getByRole('cell', { name: '100 мг 2 раза в сутки' })).toBeVisible();
  await expect(rep.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await rep.getByText('Oʻzbekcha', { exact: true }).click();
  await expect(rep.getByRole('heading', { level: 1 })).toHaveText(titleUz);
  await expect(rep.getByRole('cell', { name: '100 mg kuniga 2 marta' })).toBeVisible();
  const image = rep.locator('.article-body img');
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  // and finds it by a word of the Uzbek text typed in Cyrillic
  await rep.goto(`/knowledge-base?q=${encodeURIComponent('яллиғланишга')}`);
  await expect(rep.getByRole('link', { name: titleRu })).toBeVisible();
  await phone.close();
});
