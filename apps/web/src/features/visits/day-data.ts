import { addDays, businessDate, type Visit } from '@pharma/contracts';
import { api } from '../../lib/api-client';
import type { DayLoader } from '../../lib/day-data';
import { offlineCatalogQueryOptions } from '../catalog';
import { doctorsQueryOptions, favoriteDoctorsQueryOptions } from '../doctors';
import { favoriteOrganizationsQueryOptions, organizationQueryOptions } from '../organizations';
import { offlineStockQueryOptions } from '../stock';
import { visitsQueryOptions } from './api/get-visits';
import { visitKeys } from './api/invalidate';

/** The visit the server answers as an organization's current one: in progress, else today's open one nearest to now. */
function currentOf(visits: readonly Visit[], today: string, now = Date.now()): Visit | null {
  const inProgress = visits.find((v) => v.status === 'in_progress');
  if (inProgress) return inProgress;
  const todays = visits.filter((v) => (v.status === 'planned' || v.status === 'overdue') && businessDate(new Date(v.plannedStart)) === today);
  todays.sort((a, b) => Math.abs(Date.parse(a.plannedStart) - now) - Math.abs(Date.parse(b.plannedStart) - now));
  return todays[0] ?? null;
}

/**
 * A rep's coming days on the phone (issue 16): each day's visits as the main screen lists them, and in
 * one answer (GET /api/visits/offline-day) each open visit with its order, organization and doctors,
 * put under the keys the visit screen reads; the active catalog for the product search; the price list
 * and free stock of the warehouses for the order form; the favourite doctors and organizations.
 */
export const loadRepDays: DayLoader = async (client, _user, days) => {
  const today = businessDate();
  // an answer a screen got while this one was on its way is newer: it is not overwritten (a visit started meanwhile)
  const askedAt = Date.now();
  const keep = (key: readonly unknown[], data: unknown) => {
    if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) < askedAt) client.setQueryData(key, data);
  };
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i));
  // one request at a time, most needed first: sent at once, a dozen of them queued on the server ahead of
  // whatever the screen in front of the rep asked for (the embedded database answers one query at a time)
  const day = await api.visits.visits.offlineDay({ query: { days } });
  for (const date of dates)
    await client.fetchQuery({ ...visitsQueryOptions({ from: date, to: date, page: 1, size: 100, sort: 'plannedStart' }), staleTime: 0 });
  await client.prefetchQuery({ ...offlineCatalogQueryOptions(), staleTime: 0 });
  // the price list and free stock of the warehouses (the order form's product choice), the favourites (/favorites, /favorite-pharmacies)
  await client.prefetchQuery({ ...offlineStockQueryOptions(), staleTime: 0 });
  await client.prefetchQuery({ ...favoriteDoctorsQueryOptions(), staleTime: 0 });
  await client.prefetchInfiniteQuery({ ...favoriteOrganizationsQueryOptions(), staleTime: 0 });
  for (const visit of day.visits) keep(visitKeys.detail(visit.id), visit);
  for (const { visitId, order } of day.orders) keep(visitKeys.order(visitId), order);
  for (const organization of day.organizations) {
    keep(organizationQueryOptions(organization.id).queryKey, organization);
    keep(visitKeys.current(organization.id), {
      visit: currentOf(
        day.visits.filter((v) => v.organizationId === organization.id),
        today,
      ),
    });
  }
  for (const { organizationId, list } of day.doctors) keep(doctorsQueryOptions({ organizationId, page: 1, size: 100, sort: 'fullName' }).queryKey, list);
};
