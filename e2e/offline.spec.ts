import { expect as baseExpect, test } from '@playwright/test';
import { chooseOption, signIn } from './support';
import { distinctProducts, expectInProgress, locatedPharmacies, newPhonePage, savedVisit, visitInProgress } from './visit-setup';

// the machine running these is shared and often busy: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issues 13 and 16: the app says it is offline, and what is saved waits on the phone. With the network
 * cut on a rep's phone during a visit, the app shell shows it is offline and what was typed but not
 * saved; Save keeps the drugs in the phone's queue at once ("Waiting to be sent", nothing spins) and the
 * visit completes on the phone; back online, the queue sends both and the server holds them.
 */

test.describe('offline on the visit', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the rep sees the app offline, nothing spins, and what was saved is sent when the network returns', async ({ browser }) => {
    const page = await newPhonePage(browser, { permissions: ['geolocation'] });
    await signIn(page, 'rep');
    const pharmacy = (await locatedPharmacies(page))[6]!;
    await page.context().setGeolocation({ latitude: pharmacy.lat, longitude: pharmacy.lng, accuracy: 15 });
    const [drug] = await distinctProducts(page, pharmacy, 1);
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
    await expect(banner).toContainText('Не сохранено: 1');

    // Save keeps the drugs on the phone at once: waiting to be sent, no spinner, no error
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    const save = page.getByRole('button', { name: 'Сохранить препараты' });
    await save.click();
    await expect(page.getByTestId('save-state')).toHaveText('Ждёт отправки', { timeout: 5_000 });
    await expect(save).not.toHaveClass(/ant-btn-loading/);
    await expect(banner).toContainText('Ждут отправки: 1');
    await expect(page.getByTestId('outbox-mark')).toHaveText('Ждёт отправки');
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-waiting', '1');

    // Complete works on the phone too: the visit is completed there, and waits to be sent
    await page.getByTestId('visit-bar').getByRole('button', { name: 'Завершить визит' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Завершить визит|Всё равно завершить/ })
      .click();
    await expect(page.getByTestId('visit-status')).toHaveText('Завершён');
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-waiting', '2');
    expect((await savedVisit(page, visitId)).status).toBe('in_progress');

    // back online: the banner goes, the queue sends the drugs and the completion, in order
    await page.context().setOffline(false);
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-waiting', '0');
    await expect(page.getByTestId('outbox-mark')).toHaveText('Отправлено');
    await expect.poll(async () => (await savedVisit(page, visitId)).status).toBe('completed');
    expect((await savedVisit(page, visitId)).drugResults).toEqual([expect.objectContaining({ productId: drug!.productId })]);
    await page.context().close();
  });
});
