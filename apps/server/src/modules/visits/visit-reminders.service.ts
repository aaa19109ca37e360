import { startSweep } from '../../platform/sweep.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { isoInstant } from '../../platform/sql.js';
import { organizations } from '../organizations/organizations.table.js';
import { notify } from '../notifications/notifications.service.js';
import { visits } from './visits.table.js';

/**
 * The reminder before a visit (issue 17): each planned visit starting between now and `leadMinutes`
 * from now that has not been reminded tells its rep once (a `visitReminder` notification). A visit
 * whose start has passed is not reminded late. The claim (reminded_at) and the notification are one
 * transaction, so two instances sweeping at once remind once; re-planning the visit (a new start or
 * rep) clears the claim, and it is reminded again before its new start.
 */
export async function remindDueVisits(db: Db, leadMinutes: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(visits)
      .set({ remindedAt: now })
      .from(organizations)
      .where(
        and(
          eq(organizations.id, visits.organizationId),
          eq(visits.status, 'planned'),
          sql`${visits.remindedAt} is null`,
          sql`${visits.plannedStart} >= ${now.toISOString()}`,
          sql`${visits.plannedStart} <= ${new Date(now.getTime() + leadMinutes * 60_000).toISOString()}`,
        ),
      )
      .returning({ id: visits.id, representativeId: visits.representativeId, organization: organizations.name, start: isoInstant(visits.plannedStart) });
    for (const visit of due)
      await notify(tx, {
        to: [visit.representativeId],
        kind: 'visitReminder',
        subject: { type: 'visit', id: visit.id },
        params: { organization: visit.organization, start: visit.start },
      });
    return due.length;
  });
}

/** Sweeps for visits about to start every `everySeconds` while the app runs; 0 turns the reminders off. */
export function startVisitReminders(app: FastifyInstance, everySeconds: number, leadMinutes: number) {
  startSweep(app, 'visit reminders', everySeconds, async () => void (await remindDueVisits(app.db, leadMinutes)));
}
