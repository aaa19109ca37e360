import { expect as baseExpect, test } from '@playwright/test';
import { chooseOption, signIn } from './support';
import { distinctProducts, expectInProgress, locatedPharmacies, newPhonePage, openSection, savedVisit, visitInProgress } from './visit-setup';

// the machine running these is shared and often busy: screens get more than the default 10 s to answer
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 13, item 4: completing a visit never silently discards what the rep typed. A doctor's drug
 * attitude and a shelf count left unsaved are sent before the visit completes (the dialog says so,
 * and does not claim "You haven't removed remainders" while counts wait to be sent); a drug without
 * the doctor's attitude cannot be sent, so the dialog names it and takes the rep back to it.
 * On a 390 × 844 phone, at the pharmacy.
 */

test.describe('completing a visit with unsaved input', () => {
  test.describe.configure({ timeout: 180_000 });

  test('unsaved drugs and remainders are sent first, then the visit completes', async ({ browser }) => {
    const page = await newPhonePage(browser, { permissions: ['geolocation'] });
    await signIn(page, 'rep');
    const pharmacy = (await locatedPharmacies(page))[4]!;
    await page.context().setGeolocation({ latitude: pharmacy.lat, longitude: pharmacy.lng, accuracy: 15 });
    const [drug, counted] = await distinctProducts(page, pharmacy, 2);
    const { visitId, doctorName } = await visitInProgress(page, pharmacy);

    await page.goto(`/point-visit/${pharmacy.id}/pharmacy?visit=${visitId}`);
    await expectInProgress(page);

    // the doctor's attitude to a drug, not saved
    await openSection(page, 'Препараты');
    await chooseOption(page, page.getByRole('combobox', { name: `Добавить препарат, обсуждённый с врачом ${doctorName}` }), drug!.productName);
    const line = page.getByTestId('drug-line').filter({ hasText: drug!.productName });
    await chooseOption(page, line.getByRole('combobox', { name: `Отношение врача к препарату ${drug!.productName}` }), 'Знаком и выписывает');
    await expect(page.getByText('Есть несохранённые изменения')).toBeVisible();

    // a product counted on the shelf, not saved
    await openSection(page, 'Остатки');
    await chooseOption(page, page.getByRole('combobox', { name: 'Добавить товар для подсчёта' }), counted!.productName);
    await page.getByRole('spinbutton', { name: `Остаток: ${counted!.productName}` }).fill('4');
    await expect(page.getByText('Есть несохранённые изменения')).toBeVisible();

    await page.getByTestId('visit-bar').getByRole('button', { name: 'Завершить визит' }).click();
    const dialog = page.getByRole('dialog');
    // the counts wait to be sent: the rep did remove remainders
    await expect(dialog).not.toContainText('Вы не сняли остатки');
    await expect(dialog.getByTestId('unsaved-input')).toContainText('Препараты: 1');
    await expect(dialog.getByTestId('unsaved-input')).toContainText('Остатки: 1');
    await dialog.getByRole('button', { name: /Завершить визит|Всё равно завершить/ }).click();

    await expect(page.getByTestId('visit-status')).toHaveText('Завершён');
    const saved = await savedVisit(page, visitId);
    expect(saved.status).toBe('completed');
    expect(saved.drugResults).toEqual([expect.objectContaining({ productId: drug!.productId, attitude: 'familiarPrescribes' })]);
    expect(saved.remainders).toEqual([expect.objectContaining({ productId: counted!.productId, quantity: 4 })]);
    await page.context().close();
  });

  test('a drug without the doctor’s attitude is named in the dialog, which takes the rep back to it', async ({ browser }) => {
    const page = await newPhonePage(browser, { permissions: ['geolocation'] });
    await signIn(page, 'rep');
    const pharmacy = (await locatedPharmacies(page))[5]!;
    await page.context().setGeolocation({ latitude: pharmacy.lat, longitude: pharmacy.lng, accuracy: 15 });
    const [drug] = await distinctProducts(page, pharmacy, 1, 2);
    const { visitId, doctorName } = await visitInProgress(page, pharmacy);

    await page.goto(`/point-visit/${pharmacy.id}/pharmacy?visit=${visitId}`);
    await expectInProgress(page);
    await openSection(page, 'Препараты');
    await chooseOption(page, page.getByRole('combobox', { name: `Добавить препарат, обсуждённый с врачом ${doctorName}` }), drug!.productName);
    await openSection(page, 'Врачи');

    await page.getByTestId('visit-bar').getByRole('button', { name: 'Завершить визит' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Препараты не сохранены');
    await dialog.getByRole('button', { name: 'К препаратам' }).click();
    await expect(page).toHaveURL(/section=drugs/);
    await expect(page.getByTestId('drug-line').filter({ hasText: drug!.productName })).toBeVisible();
    await expectInProgress(page);
    expect((await savedVisit(page, visitId)).status).toBe('in_progress');
    await page.context().close();
  });
});
