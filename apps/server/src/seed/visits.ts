import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, businessDate, movePoint, visitProof, type VisitStatus } from '@pharma/contracts';
import type { Db } from '../db/client.js';
import { seededRandom } from './random.js';
import { queryRows } from '../db/client.js';
import { users } from '../modules/users/users.table.js';
import { type visits } from '../modules/visits/visits.table.js';

/** A year back, two weeks ahead. */
export const demoVisitDays = 365;
export const demoVisitDaysAhead = 14;
export const demoVisitLogins = ['rep', 'rep.malika', 'rep.sardor', 'rep.aziza', 'rep.bekzod'];
/** Organizations each rep works with (a shared territory overlaps: several reps call on the same pharmacy). */
const poolSize = 70;
/** Share of completed visits whose proof is doubtful (far from the organization): a handful a month per team. */
const questionableShare = 0.012;
/** Questionable visits of the last weeks still wait for the manager; older ones were accepted or rejected. */
const pendingReviewDays = 21;

const cancelReasons = [
  'Врач в отпуске',
  'Аптека закрыта на инвентаризацию',
  'Перенесено по просьбе заведующей',
  'Заведующая на совещании',
  'Плохая погода, перенос на завтра',
];
const planComments = [
  'Презентация новой формы выпуска',
  'Обсудить условия отсрочки',
  'Снять остатки и собрать заказ',
  'Передать образцы',
  null,
  null,
  null,
  null,
];
const acceptComments = ['Подтвердил по телефону с заведующей', 'GPS в здании работает плохо, визит подтверждён', 'Фото витрины приложено, принято'];
const rejectComments = ['Координаты не совпадают с аптекой, визит не засчитан', 'Визит длился две минуты, не засчитан'];

/** A deterministic number in [0, n) from an integer expression: the set-based steps pick with it instead of random(). */
const pick = (expr: SQL, n: number) => sql`((hashint8((${expr})::bigint)::bigint + 2147483648) % ${n})`;

/**
 * A year of visits of the five demo reps, 12–16 a working day each (short pharmacy calls) (Monday to Saturday), and the next two
 * weeks planned: mostly completed with a clean proof, some cancelled or overdue, a handful questionable
 * (pending for the last three weeks, accepted or rejected before), doctors met with their attitudes to
 * our drugs, the shelf remainders of pharmacies counted on each visit (falling between visits, restocked
 * now and then, so the sell-out is positive) and the pharmacy's star rating on some visits.
 * Visit rows are made in JS (the proof score comes from contracts' visitProof), everything hung on them
 * in a few set-based statements.
 */
export async function seedVisitsDemo(db: Db, now = new Date()) {
  const r = seededRandom(5);
  const today = businessDate(now);
  const reps = await db
    .select({ id: users.id, managerId: users.managerId })
    .from(users)
    .where(and(eq(users.role, 'rep'), eq(users.active, true), inArray(users.login, demoVisitLogins)));
  const rows: (typeof visits.$inferInsert)[] = [];
  for (const rep of reps) {
    const orgs = await queryRows<{ id: number; lat: number | null; lng: number | null }>(
      db,
      sql`select o.id, o.lat, o.lng from organizations o
          where o.district_id in (select d.id from districts d join user_territories t on t.region_id = d.region_id and (t.district_id is null or t.district_id = d.id) where t.user_id = ${rep.id})
            and not exists (select 1 from organization_blacklist b where b.organization_id = o.id and b.unblocked_at is null)
          order by hashint8(o.id::bigint * 7919 + ${rep.id}), o.id limit ${poolSize}`,
    );
    if (!orgs.length) continue;
    for (let day = -demoVisitDays; day <= demoVisitDaysAhead; day++) {
      const date = addDays(today, day);
      if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) continue;
      const n = r.int(12, 16);
      // the day from 9:00 to 18:00, one visit after another
      const slot = Math.floor(540 / n / 5) * 5;
      for (let i = 0; i < n; i++) {
        const org = r.pick(orgs);
        const plannedStart = new Date(`${date}T09:00:00+05:00`);
        plannedStart.setTime(plannedStart.getTime() + (i * slot + r.pick([0, 0, 5, 10])) * 60_000);
        const plannedEnd = new Date(plannedStart.getTime() + r.pick([30, 30, 40, 45]) * 60_000);
        let status: VisitStatus = 'planned';
        if (plannedEnd < now) {
          const roll = r.next();
          status = roll < 0.86 ? 'completed' : roll < 0.95 ? 'cancelled' : 'overdue';
        }
        const row: typeof visits.$inferInsert = {
          organizationId: org.id,
          representativeId: rep.id,
          plannedStart,
          plannedEnd,
          status,
          comment: r.pick(planComments),
          createdBy: rep.id,
          createdAt: new Date(plannedStart.getTime() - r.int(1, 7) * 86_400_000),
          updatedAt: plannedStart,
        };
        if (status === 'cancelled') row.cancelReason = r.pick(cancelReasons);
        if (status === 'completed') {
          const startedAt = new Date(plannedStart.getTime() + r.int(-5, 10) * 60_000);
          const doubtful = r.next() < questionableShare;
          const completedAt = new Date(startedAt.getTime() + (doubtful && r.next() < 0.5 ? r.int(1, 4) : r.int(12, 45)) * 60_000);
          const here = org.lat !== null && org.lng !== null ? { lat: org.lat, lng: org.lng } : { lat: 41.3, lng: 69.24 };
          const start = { ...movePoint(here, doubtful ? r.int(260, 900) : r.int(3, 80), r.int(0, 359)), accuracy: r.int(5, 40) };
          const end = { ...movePoint(here, r.int(3, 80), r.int(0, 359)), accuracy: r.int(5, 40) };
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
            updatedAt: completedAt,
          });
          if (proof.questionable) {
            if (day >= -pendingReviewDays || !rep.managerId) row.review = 'pending';
            else {
              const accepted = r.next() < 0.7;
              Object.assign(row, {
                review: accepted ? 'accepted' : 'rejected',
                reviewComment: r.pick(accepted ? acceptComments : rejectComments),
                reviewedBy: rep.managerId,
                reviewedAt: new Date(completedAt.getTime() + r.int(20, 60) * 3_600_000),
              });
            }
          }
        }
        rows.push(row);
      }
    }
  }
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    const [{ first } = { first: 1 }] = await queryRows<{ first: number }>(tx, sql`select coalesce(max(id), 0)::int + 1 as first from visits`);
    // a few thousand rows per statement as one JSON parameter: far fewer round trips than a multi-row VALUES
    for (let i = 0; i < rows.length; i += 4000) {
      const chunk = rows.slice(i, i + 4000).map((v) => ({ ...v, proofReasons: v.proofReasons ?? [] }));
      await tx.execute(sql`
        insert into visits (organization_id, representative_id, status, planned_start, planned_end, comment, started_at, start_lat, start_lng, start_accuracy,
          start_device_time, completed_at, end_lat, end_lng, end_accuracy, end_device_time, distance_m, proof_score, proof_reasons, cancel_reason,
          review, review_comment, reviewed_by, reviewed_at, created_by, created_at, updated_at)
        select "organizationId", "representativeId", status, "plannedStart", "plannedEnd", comment, "startedAt", "startLat", "startLng", "startAccuracy",
          "startDeviceTime", "completedAt", "endLat", "endLng", "endAccuracy", "endDeviceTime", "distanceM", "proofScore", "proofReasons", "cancelReason",
          review, "reviewComment", "reviewedBy", "reviewedAt", "createdBy", "createdAt", "updatedAt"
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x("organizationId" int, "representativeId" int, status text, "plannedStart" timestamptz,
          "plannedEnd" timestamptz, comment text, "startedAt" timestamptz, "startLat" float8, "startLng" float8, "startAccuracy" float8,
          "startDeviceTime" timestamptz, "completedAt" timestamptz, "endLat" float8, "endLng" float8, "endAccuracy" float8, "endDeviceTime" timestamptz,
          "distanceM" int, "proofScore" int, "proofReasons" jsonb, "cancelReason" text, review text, "reviewComment" text, "reviewedBy" int,
          "reviewedAt" timestamptz, "createdBy" int, "createdAt" timestamptz, "updatedAt" timestamptz)`);
    }
    const seeded = sql`v.id >= ${first}`;
    // fresh statistics, or the planner takes thousands of new rows for a few and nests loops over them
    await tx.execute(sql`analyze visits`);

    // doctors planned and met: one to three of the organization's doctors (hospitals and clinics have them)
    await tx.execute(sql`
      insert into visit_doctors (visit_id, doctor_id, created_at)
      select v.id, d.id, coalesce(v.started_at, v.created_at)
      from visits v
      cross join lateral (
        select id from doctors where organization_id = v.organization_id
        order by hashint8(id::bigint * 31 + v.id), id limit 1 + ${pick(sql`v.id`, 3)}
      ) d
      where ${seeded}`);
    await tx.execute(sql`analyze visit_doctors`);

    // attitudes to our promoted drugs: one to three per doctor met; a doctor's attitude to a drug (its own
    // base) warms up over the year: "warmth" gains 60 points from a year ago to now
    await tx.execute(sql`
      with promoted as (select array_agg(id order by id) as ids from (select id from products order by hashint8(id::bigint), id limit 40) p),
      met as (
        select vd.visit_id, vd.doctor_id, k, (extract(epoch from ${now.toISOString()}::timestamptz - v.planned_start) / 86400)::int as days_ago
        from visit_doctors vd join visits v on v.id = vd.visit_id
        cross join generate_series(1, 1 + ${pick(sql`vd.visit_id + vd.doctor_id`, 3)}::int) k
        where ${seeded} and v.status = 'completed'
      ),
      discussed as (
        select m.*, p.product_id, ${pick(sql`m.doctor_id * 40 + p.product_id`, 100)} + 60 - m.days_ago / 6 as warmth
        from met m
        cross join lateral (select (select ids from promoted)[1 + ${pick(sql`m.doctor_id * 5 + m.k * 17 + m.visit_id / 20`, 40)}] as product_id) p
        where p.product_id is not null
      )
      insert into visit_drug_results (visit_id, doctor_id, product_id, attitude, medication_status)
      select visit_id, doctor_id, product_id,
        case
          when ${pick(sql`visit_id * 7 + k`, 12)} = 0 then 'none'
          when warmth >= 70 then 'familiarPrescribes'
          when warmth >= 45 then 'familiarNotPrescribes'
          else 'notFamiliarNotPrescribes'
        end,
        (array['acquainted', 'acquainted', 'acquainted', 'pending', 'pending', 'denied'])[1 + ${pick(sql`visit_id * 13 + doctor_id + k`, 6)}]
      from discussed
      on conflict do nothing`);

    // pharmacies' shelf remainders of 6–10 products on nine completed visits in ten: a sawtooth per product —
    // falling visit after visit (the sell-out) nearly to nothing, where the suggested order asks for more,
    // then restocked to its level
    await tx.execute(sql`
      with pv as (
        select v.id, v.organization_id, row_number() over (partition by v.organization_id order by v.planned_start, v.id) as k
        from visits v join organizations o on o.id = v.organization_id
        where ${seeded} and v.status = 'completed' and o.type = 'pharmacy'
      ),
      catalogue as (select id, row_number() over (order by hashint8(id::bigint * 3), id) as n from products),
      assortment as (
        select o.organization_id, c.id as product_id,
          12 + ${pick(sql`o.organization_id * 1000 + c.id`, 40)} as level,
          3 + ${pick(sql`o.organization_id * 7 + c.id`, 8)} as step
        from (select distinct organization_id from pv) o
        join catalogue c on c.n <= 300 and ${pick(sql`o.organization_id * 4099 + c.id`, 300)} < 6 + ${pick(sql`o.organization_id`, 5)}
      )
      insert into visit_remainders (visit_id, product_id, quantity)
      select pv.id, a.product_id,
        greatest(0, a.level - (pv.k % (a.level / a.step + 1)) * a.step - ${pick(sql`pv.id + a.product_id`, 2)})
      from pv join assortment a on a.organization_id = pv.organization_id
      where ${pick(sql`pv.id`, 10)} <> 0`);

    // the organization's stars on about one completed visit in eight, mostly good
    await tx.execute(sql`
      insert into visit_ratings (visit_id, efficiency, operator_politeness, delivery_speed, response_time, comment, rated_by, rated_at)
      select v.id,
        greatest(1, 5 - ${pick(sql`v.id * 3`, 3)} - case when ${pick(sql`v.id`, 25)} = 0 then 2 else 0 end),
        greatest(1, 5 - ${pick(sql`v.id * 5`, 2)}),
        greatest(1, 5 - ${pick(sql`v.id * 7`, 4)}),
        greatest(1, 5 - ${pick(sql`v.id * 11`, 3)}),
        (array['Доставка задержалась на день', 'Оператор всегда на связи', 'Просят привозить до обеда', null, null, null])[1 + ${pick(sql`v.id * 13`, 6)}],
        v.representative_id, v.completed_at + interval '10 minutes'
      from visits v
      where ${seeded} and v.status = 'completed' and ${pick(sql`v.id * 17`, 8)} = 0`);
  });
}
