import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, businessDate, movePoint, visitProof, type VisitStatus } from '@pharma/contracts';
import type { Db } from '../client.js';
import { queryRows } from '../client.js';
import { users } from '../../modules/users/users.table.js';
import { visitDoctors, visits } from '../../modules/visits/visits.table.js';

/** A small seeded generator: the demo visits are the same on every start. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

export const demoVisitDays = 90;

/**
 * Visits of the demo reps: about four a working day each over the last three
 * months (completed with proof, some cancelled or overdue) and the next two
 * weeks planned, at open organizations of their territories.
 */
export async function seedVisitsDemo(db: Db, today = businessDate()) {
  const r = random(5);
  const reps = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'rep'), eq(users.active, true), inArray(users.login, ['rep', 'rep.malika', 'rep.sardor', 'rep.aziza', 'rep.bekzod'])));
  const rows: (typeof visits.$inferInsert)[] = [];
  for (const rep of reps) {
    const orgs = await queryRows<{ id: number; lat: number | null; lng: number | null }>(
      db,
      sql`select o.id, o.lat, o.lng from organizations o
          where o.district_id in (select d.id from districts d join user_territories t on t.region_id = d.region_id and (t.district_id is null or t.district_id = d.id) where t.user_id = ${rep.id})
            and not exists (select 1 from organization_blacklist b where b.organization_id = o.id and b.unblocked_at is null)
          order by o.id limit 60`,
    );
    if (!orgs.length) continue;
    for (let day = -demoVisitDays; day <= 14; day++) {
      const date = addDays(today, day);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (weekday === 0) continue;
      for (let n = r.int(2, 5); n > 0; n--) {
        const org = r.pick(orgs);
        const startHour = r.int(9, 17);
        const plannedStart = new Date(`${date}T${String(startHour).padStart(2, '0')}:${r.pick(['00', '15', '30', '45'])}:00+05:00`);
        const plannedEnd = new Date(plannedStart.getTime() + r.pick([30, 45, 60]) * 60_000);
        let status: VisitStatus = 'planned';
        if (day < 0) {
          const roll = r.next();
          status = roll < 0.82 ? 'completed' : roll < 0.92 ? 'cancelled' : 'overdue';
        }
        const row: typeof visits.$inferInsert = { organizationId: org.id, representativeId: rep.id, plannedStart, plannedEnd, status, createdBy: rep.id };
        if (status === 'cancelled') row.cancelReason = 'Врач отсутствует';
        if (status === 'completed') {
          const startedAt = new Date(plannedStart.getTime() + r.int(-10, 20) * 60_000);
          const completedAt = new Date(startedAt.getTime() + r.int(3, 55) * 60_000);
          const here = org.lat !== null && org.lng !== null ? { lat: org.lat, lng: org.lng } : { lat: 41.3, lng: 69.24 };
          const far = r.next() < 0.08;
          const start = { ...movePoint(here, far ? r.int(250, 600) : r.int(5, 120), r.int(0, 359)), accuracy: r.int(5, 60) };
          const end = { ...movePoint(here, r.int(5, 120), r.int(0, 359)), accuracy: r.int(5, r.next() < 0.1 ? 250 : 60) };
          const proof = visitProof({ organization: org.lat === null ? null : here, start, end, startedAt, completedAt, clockGapSeconds: r.int(0, 30) });
          Object.assign(row, {
            startedAt,
            completedAt,
            startLat: start.lat,
            startLng: start.lng,
            startAccuracy: start.accuracy,
            startDeviceTime: startedAt,
            endLat: end.lat,
            endLng: end.lng,
            endAccuracy: end.accuracy,
            endDeviceTime: completedAt,
            distanceM: proof.distanceM,
            proofScore: proof.score,
            proofReasons: proof.reasons,
          });
        }
        rows.push(row);
      }
    }
  }
  const ids: { id: number; organizationId: number }[] = [];
  for (let i = 0; i < rows.length; i += 1000) ids.push(...(await db.insert(visits).values(rows.slice(i, i + 1000)).returning({ id: visits.id, organizationId: visits.organizationId })));
  // one doctor of the organization on most visits
  const doctorOf = await queryRows<{ organization_id: number; id: number }>(
    db,
    sql`select distinct on (organization_id) organization_id, id from doctors where organization_id in (select distinct organization_id from visits) order by organization_id, id`,
  );
  const byOrg = new Map(doctorOf.map((d) => [d.organization_id, d.id]));
  const links = ids.filter((v) => byOrg.has(v.organizationId)).map((v) => ({ visitId: v.id, doctorId: byOrg.get(v.organizationId)! }));
  for (let i = 0; i < links.length; i += 2000) await db.insert(visitDoctors).values(links.slice(i, i + 2000));
}
