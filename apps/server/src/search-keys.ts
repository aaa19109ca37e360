import type { Db } from './db/client.js';
import { refreshStaleBrandSearchKeys } from './modules/brands/brands.service.js';
import { refreshOrganizationSearchKeys } from './modules/organizations/organization-writes.service.js';
import { refreshStaleDoctorSearchKeys } from './modules/doctors/doctors.service.js';

/**
 * Recomputes every search key a migration emptied because the form of the keys changed
 * (decision 028): run at start-up after the migrations, before the server answers.
 */
export async function refreshStaleSearchKeys(db: Db) {
  await refreshStaleBrandSearchKeys(db);
  await refreshOrganizationSearchKeys(db, 'stale');
  await refreshStaleDoctorSearchKeys(db);
}
