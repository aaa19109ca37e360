import { expect, test } from '@playwright/test';
import { call } from './api';
import { chooseOption, openFromSidebar, signIn, tokenOf } from './support';

/**
 * Leads (issue 18 item 1): a rep adds a prospect met in the field, drags it across the board, wins it and
 * converts it into an organization with its first visit planned — through the organization's own form.
 */
test('a rep adds a lead, moves it across the board, wins it and converts it into an organization with a planned visit', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const token = await tokenOf(request, 'rep');
  const { items } = await call<{ items: { regionId: number; districtId: number | null }[] }>(request, 'GET', '/api/users/me/territories', token);
  const regions = await call<{ id: number; name: { ru: string }; districts: { id: number; name: { ru: string } }[] }[]>(request, 'GET', '/api/regions', token);
  const region = regions.find((r) => r.id === items[0]!.regionId)!;
  const district = region.districts.find((d) => d.id === (items[0]!.districtId ?? region.districts[0]!.id))!;
  const stamp = String(Date.now()).slice(-7);
  const name = `Аптека Новый Свет ${stamp}`;
  const inn = `3${stamp.padStart(8, '0')}`;

  const desk = await browser.newContext({ timezoneId: 'Asia/Tashkent', viewport: { width: 1366, height: 860 } });
  const page = await desk.newPage();
  await signIn(page, 'rep');
  await openFromSidebar(page, 'Коммуникации', 'Лиды');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Лиды');

  await page.getByRole('button', { name: 'Добавить лид' }).click();
  const form = page.getByRole('dialog', { name: 'Добавить лид' });
  await form.getByLabel('Название').fill(name);
  await form.getByLabel('Контактное лицо').fill('Азимова Шахло');
  await form.getByRole('textbox', { name: 'Телефон 1' }).fill(`90 7${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4, 6)}`);
  await chooseOption(page, form.getByLabel('Регион'), region.name.ru);
  await chooseOption(page, form.getByLabel('Район'), district.name.ru);
  await form.getByLabel('Адрес').fill('Amir Temur koʻchasi, 15');
  await form.getByLabel('ИНН').fill(inn);
  await chooseOption(page, form.getByLabel('Источник'), 'Выставка');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Лид добавлен')).toBeVisible();

  // drag the card from New to Contacted
  const card = (stage: string) => page.getByRole('region', { name: stage }).getByRole('listitem').filter({ hasText: name });
  await expect(card('Новый')).toBeVisible();
  await card('Новый').dragTo(page.getByRole('region', { name: 'Контакт установлен' }));
  await expect(card('Контакт установлен')).toBeVisible();
  await expect(card('Новый')).toHaveCount(0);

  // won from its drawer, then converted
  await card('Контакт установлен').getByRole('button', { name }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'История этапов' });
  await chooseOption(page, drawer.getByLabel('Этап'), 'Выигран');
  await expect(card('Выигран')).toBeVisible();
  await drawer.getByRole('button', { name: 'Конвертировать в организацию' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Конвертация лида «${name}»`);
  await expect(page.getByLabel('Название', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Запланировать первый визит')).toBeChecked();
  await expect(page.getByLabel('Дата первого визита')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Создать организацию' }).click();
  await expect(page.getByText('Лид конвертирован в организацию')).toBeVisible();
  await expect(page).toHaveURL(/\/organization\/\d+|\/references\/\d+|organization/);

  const lead = (
    await call<{ items: { organizationId: number | null; organizationName: string | null }[] }>(
      request,
      'GET',
      `/api/leads?q=${encodeURIComponent(stamp)}`,
      token,
    )
  ).items[0]!;
  expect(lead.organizationName).toBe(name);
  const visits = await call<{ items: { organizationId: number; status: string }[] }>(
    request,
    'GET',
    `/api/visits?organizationId=${lead.organizationId}&size=25`,
    token,
  );
  expect(visits.items).toEqual([expect.objectContaining({ organizationId: lead.organizationId, status: 'planned' })]);
  await desk.close();
});
