import { addDays, businessDate, type VisitSummary } from '@pharma/contracts';
import type { DayLoader } from '../../lib/day-data';
import { doctorsQueryOptions } from '../doctors';
import { organizationQueryOptions } from '../organizations';
import { currentVisitQueryOptions } from './api/get-current-visit';
import { visitQueryOptions } from './api/get-visit';
import { visitOrderQueryOptions } from './api/get-visit-order';
import { visitsQueryOptions } from './api/get-visits';

/** A few requests at a time: a phone on 3G loads its week without choking the screen it shows. */
async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

const open: readonly VisitSummary['status'][] = ['planned', 'overdue', 'in_progress'];

/**
 * A rep's coming days on the phone (issue 16): each day's visits as the main screen lists them, and for
 * each open visit the visit, its organization, the organization's doctors, its current visit and the
 * visit's order (last remainders, the suggested order, reservations) — what the visit screen reads.
 */
export const loadRepDays: DayLoader = async (client, user, days) => {
  const today = businessDate();
  const dates = Array.from({ length: days }, (_, i) => addDays(today, i));
  const lists = await Promise.all(
    dates.map((date) => client.fetchQuery({ ...visitsQueryOptions({ from: date, to: date, page: 1, size: 100, sort: 'plannedStart' }), staleTime: 0 })),
  );
  const visits = lists.flatMap((list) => list.items).filter((v) => v.representativeId === user.id && open.includes(v.status));
  const organizations = [...new Set(visits.map((v) => v.organizationId))];
  const fresh = { staleTime: 0 };
  await inBatches(visits, 4, (v) =>
    Promise.all([client.prefetchQuery({ ...visitQueryOptions(v.id), ...fresh }), client.prefetchQuery({ ...visitOrderQueryOptions(v.id), ...fresh })]),
  );
  await inBatches(organizations, 4, (id) =>
    Promise.all([
      client.prefetchQuery({ ...organizationQueryOptions(id), ...fresh }),
      client.prefetchQuery({ ...currentVisitQueryOptions(id), ...fresh }),
      client.prefetchQuery({ ...doctorsQueryOptions({ organizationId: id, page: 1, size: 100, sort: 'fullName' }), ...fresh }),
    ]),
  );
};
