import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { call, type Pharmacy, type StockRow } from './api';
import { accessToken } from './support';

/** A 390 × 844 touch phone in Tashkent. */
export const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Tashkent' };

export type LocatedPharmacy = Pharmacy & { lat: number; lng: number };

export async function newPhonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...phone, ...options });
  return context.newPage();
}

/** Open pharmacies of the signed-in rep's territory with a point, the least demanding shelf life first. */
export async function locatedPharmacies(page: Page): Promise<LocatedPharmacy[]> {
  const token = await accessToken(page);
  const list = await call<{ items: LocatedPharmacy[] }>(page.request, 'GET', '/api/organizations?type=pharmacy&size=100', token);
  return list.items.filter((o) => !o.blocked && o.lat !== null && o.lng !== null).sort((a, b) => (a.minShelfLifeMonths ?? 0) - (b.minShelfLifeMonths ?? 0));
}

/** Products in free stock far enough from expiry for the pharmacy, each with a name no other product has (the pickers find it by name). */
export async function distinctProducts(page: Page, pharmacy: Pharmacy, count: number, skip = 0): Promise<StockRow[]> {
  const token = await accessToken(page);
  const stock = await call<{ items: StockRow[] }>(page.request, 'GET', '/api/stock/by-product?onlyAvailable=true&size=100', token);
  const minExpiry = new Date();
  minExpiry.setMonth(minExpiry.getMonth() + (pharmacy.minShelfLifeMonths ?? 0) + 2);
  const chosen: StockRow[] = [];
  let skipped = 0;
  for (const row of stock.items) {
    if (row.free < 20 || !row.nearestExpiry || new Date(row.nearestExpiry) < minExpiry) continue;
    const same = await call<{ items: { name: string }[] }>(
      page.request,
      'GET',
      `/api/products?q=${encodeURIComponent(row.productName.slice(0, 12))}&size=100`,
      token,
    );
    if (same.items.filter((p) => p.name === row.productName).length !== 1) continue;
    if (chosen.some((c) => c.productName.slice(0, 12) === row.productName.slice(0, 12))) continue;
    if (skipped++ < skip) continue;
    chosen.push(row);
    if (chosen.length === count) return chosen;
  }
  throw new Error(`no ${count} products with free stock and unique names`);
}

/**
 * A visit of the signed-in rep at the pharmacy, started now at its point, with one doctor of the
 * pharmacy met (added through the API: the screens under test come after).
 */
export async function visitInProgress(page: Page, pharmacy: LocatedPharmacy): Promise<{ visitId: number; doctorName: string }> {
  const token = await accessToken(page);
  const me = await call<{ id: number }>(page.request, 'GET', '/api/account/me', token);
  const now = Date.now();
  const visit = await call<{ id: number }>(
    page.request,
    'POST',
    '/api/visits',
    token,
    { organizationId: pharmacy.id, representativeId: me.id, plannedStart: new Date(now).toISOString(), plannedEnd: new Date(now + 3_600_000).toISOString() },
    201,
  );
  const position = { lat: pharmacy.lat, lng: pharmacy.lng, accuracy: 15, deviceTime: new Date().toISOString() };
  await call(page.request, 'POST', `/api/visits/${visit.id}/start`, token, { position });
  const suffix = String(now % 100_000);
  const doctor = await call<{ id: number; fullName: string }>(
    page.request,
    'POST',
    '/api/doctors',
    token,
    {
      firstName: 'Нодира',
      lastName: `Проверова${suffix}`,
      phone: `+998 90 ${suffix.padStart(5, '0').slice(0, 3)} ${suffix.padStart(5, '0').slice(3)} 11`,
      specialization: 'therapist',
      organizationId: pharmacy.id,
    },
    201,
  );
  await call(page.request, 'POST', `/api/visits/${visit.id}/doctors`, token, { doctorId: doctor.id });
  return { visitId: visit.id, doctorName: doctor.fullName };
}

export interface SavedVisit {
  status: string;
  drugResults: { productId: number; attitude: string }[];
  remainders: { productId: number; quantity: number }[];
}

export async function savedVisit(page: Page, visitId: number): Promise<SavedVisit> {
  return call<SavedVisit>(page.request, 'GET', `/api/visits/${visitId}`, await accessToken(page));
}

/** Clicks a section of the visit screen (Doctors, Drugs, Remainders, Order). */
export const openSection = (page: Page, name: string) => page.locator('.visit-sections').getByText(name, { exact: true }).click();

export async function expectInProgress(page: Page) {
  await expect(page.getByTestId('visit-status')).toHaveText('В процессе');
}

/** When the phone last loaded its coming days and wrote them to its storage (ms; 0 before the first time), read in the page. */
export const dayDataAt = () => Date.parse(Object.entries(localStorage).find(([key]) => key.startsWith('day-data-at:'))?.[1] ?? '') || 0;

/**
 * Sets the phone's last load of the coming days an hour back, as if the app had been closed since: a reload
 * within minutes of the last load reads the day kept on the phone rather than loading it again.
 */
export const ageDayData = () => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('day-data-at:')) localStorage.setItem(key, new Date(Date.now() - 3_600_000).toISOString());
  }
};
