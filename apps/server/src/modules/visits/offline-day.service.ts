import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { addDays, businessDate, listDoctorsQuery, offlineDayMaxVisits, type OfflineDay } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { dayStart } from '../../platform/sql.js';
import { getOrganization } from '../organizations/organizations.service.js';
import { listDoctors } from '../doctors/doctors.service.js';
import { getVisit } from './visits.service.js';
import { visitOrderOf } from './visit-order.service.js';
import { visits } from './visits.table.js';

/**
 * Maps one item at a time, yielding to the event loop (its pending I/O first) after each: on PGlite every
 * query runs on the server's only thread, and a rep's week is a thousand of them. Queued at once they
 * held up every other request for seconds; in turns of four, a static file (a few turns of the loop
 * each) still waited 0.3–0.7 s on a busy machine, and with it the screen the rep had just opened.
 */
async function inTurns<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) {
    out.push(await read(item));
    await yieldToOthers();
  }
  return out;
}

/**
 * GET /api/visits/offline-day: the signed-in rep's open visits from today for `days` days, each with
 * what the visit screen reads — its order, its organization, the organization's doctors — read by the
 * same services the screens' own calls use, so the phone keeps exactly what they would have answered.
 * Overdue visits of the past days are included: the rep may still start them.
 */
export async function offlineDay(db: Db, actor: Actor, days: number, holdHours: number, now = new Date()): Promise<OfflineDay> {
  const today = businessDate(now);
  const rows = await db
    .select({ id: visits.id, organizationId: visits.organizationId })
    .from(visits)
    .where(
      and(
        eq(visits.representativeId, actor.id),
        inArray(visits.status, ['planned', 'overdue', 'in_progress']),
        gte(visits.plannedStart, dayStart(addDays(today, -1))),
        lt(visits.plannedStart, dayStart(addDays(today, days))),
      ),
    )
    .orderBy(asc(visits.plannedStart), asc(visits.id))
    .limit(offlineDayMaxVisits);
  const organizationIds = [...new Set(rows.map((r) => r.organizationId))];
  const dayVisits = await inTurns(rows, (r) => getVisit(db, actor, r.id));
  // the visits just read, not read again: half the queries of the answer were a second getVisit each
  const orders = await inTurns(dayVisits, async (visit) => ({ visitId: visit.id, order: await visitOrderOf(db, visit, holdHours, now) }));
  const organizations = await inTurns(organizationIds, (id) => getOrganization(db, actor, id));
  const doctors = await inTurns(organizationIds, async (organizationId) => ({
    organizationId,
    list: await listDoctors(db, actor, listDoctorsQuery.parse({ organizationId, page: 1, size: 100, sort: 'fullName' })),
  }));
  return { visits: dayVisits, orders, organizations, doctors };
}
