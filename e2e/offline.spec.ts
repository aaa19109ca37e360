import { expect as baseExpect, test } from '@playwright/test';
import { chooseOption, signIn } from './support';
import { distinctProducts, expectInProgress, locatedPharmacies, newPhonePage, savedVisit, visitInProgress } from './visit-setup';

// the machine running these is shared and often busy: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 13, item 5: the app says it is offline. With the network cut on a rep's phone during a visit,
 * the app shell shows it is offline and what waits to be sent; a product search answers that it could
 * not search (never "No products found"); Save and Complete fail at once with a clear message and
 * Retry instead of spinning; the unsaved drugs show "not sent" and, back online, Retry sends them.
 */

test.describe('offline on the visit', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the rep sees the app offline, nothing spins, and Retry sends what waited', async ({ browser }) => {
    const page = await newPhonePage(browser, { permissions: ['geolocation'] });
    await signIn(page, 'rep');
    const pharmacy = (await locatedPharmacies(page))[6]!;
    await page.context().setGeolocation({ latitude: pharmacy.lat, longitude: pharmacy.lng, accuracy: 15 });
    const [drug, other] = await distinctProducts(page, pharmacy, 2);
    const { visitId, doctorName } = await visitInProgress(page, pharmacy);

    await page.goto(`/point-visit/${pharmacy.id}/pharmacy?visit=${visitId}&section=drugs`);
    await expectInProgress(page);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await chooseOption(page, page.getByRole('combobox', { name: `Добавить препарат, обсуждённый с врачом ${doctorName}` }), drug!.productName);
    const line = page.getByTestId('drug-line').filter({ hasText: drug!.productName });
    await chooseOption(page, line.getByRole('combobox', { name: `Отношение врача к препарату ${drug!.productName}` }), 'Знаком и выписывает');

    await page.context().setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText('Нет связи с сервером');
    await expect(banner).toContainText('Ждут отправки: 1');

    // a search that could not be made is not an empty result (once the attitude's list has finished closing:
    // a closing list is still visible for its animation)
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    const search = page.getByRole('combobox', { name: `Добавить препарат, обсуждённый с врачом ${doctorName}` });
    await search.click();
    await search.fill(other!.productName.slice(0, 10));
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await expect(dropdown).toContainText('Нет связи с сервером');
    await expect(dropdown).not.toContainText('Товары не найдены');
    await search.press('Escape');

    // Save fails at once: "not sent", with Retry
    const save = page.getByRole('button', { name: 'Сохранить препараты' });
    await save.click();
    await expect(page.getByTestId('save-state')).toHaveText('Не отправлено', { timeout: 5_000 });
    await expect(save).not.toHaveClass(/ant-btn-loading/);
    await expect(page.locator('.visit-section').getByRole('alert')).toContainText('Нет связи с сервером');
    await expect(page.locator('.visit-section').getByRole('button', { name: 'Повторить' })).toBeVisible();

    // Complete fails at once too, the visit stays in progress and the input stays
    await page.getByTestId('visit-bar').getByRole('button', { name: 'Завершить визит' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Завершить визит|Всё равно завершить/ })
      .click();
    await expect(page.getByTestId('visit-bar').getByRole('alert')).toContainText('Нет связи с сервером', { timeout: 5_000 });
    await expect(page.getByTestId('visit-bar').getByRole('button', { name: 'Завершить визит' })).not.toHaveClass(/ant-btn-loading/);
    await expect(line).toBeVisible();
    await expectInProgress(page);

    // back online: the banner goes, Retry sends the drugs
    await page.context().setOffline(false);
    await expect(banner).toHaveCount(0);
    await page.locator('.visit-section').getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByTestId('save-state')).toHaveText('Отправлено');
    await expect.poll(async () => (await savedVisit(page, visitId)).drugResults.length).toBe(1);
    await page.context().close();
  });
});
