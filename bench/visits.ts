/**
 * Visits benchmark over 1,000,000 visits (200 reps under 20 chiefs, two years, 20,000
 * organizations): the calendar month (/visits) as a rep, a chief and an admin; a rep's history
 * page (GET /api/visits?representativeId=…&page=…, newest first, shallow and deep) as their chief;
 * and one organization's history with its statistics (/history/:id) — p50/p99 through the API at
 * 50 connections beside the same SQL straight through the driver, and the plans (EXPLAIN) that
 * show which index serves each query.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, businessDate } from '@pharma/contracts';
import { benchDatabase, startApp, load, timeCalls, printTable, benchDriver, type HttpFigures } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { dayStart } from '../apps/server/src/platform/sql.js';

const VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const REPS = 200;
const CHIEFS = 20;
const ORGS = 20_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const database = await benchDatabase('visits');
const { db } = database;
const today = businessDate();
const started = Date.now();
if (!database.reused) {
  console.log(`driver: ${benchDriver}; creating ${VISITS.toLocaleString('en')} visits…`);
  // users: 1 admin, chiefs 2..21, reps 22..221 (ten under each chief)
  await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
    values ('Bench Admin', 'bench.admin', 'x', 'Administrator', 'admin', null, '{}')`);
  await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
    select 'Руководитель ' || g, 'chief' || g, 'x', 'Региональный менеджер', 'chief', 1, '{}' from generate_series(1, ${CHIEFS}) g`);
  await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
    select 'Представитель ' || g, 'rep' || g, 'x', 'Медицинский представитель', 'rep', 2 + (g - 1) / ${REPS / CHIEFS}, '{}' from generate_series(1, ${REPS}) g`);
  // everybody works Tashkent city; the organizations spread over its districts
  await db.execute(sql`insert into user_territories (user_id, region_id) select u.id, r.id from users u, regions r where r.code = 'TK' and u.id > 1`);
  await db.execute(sql`
    with d as (select row_number() over (order by d.id) - 1 as i, d.id, d.region_id from districts d join regions r on r.id = d.region_id where r.code = 'TK'),
    n as (select count(*) as n from d)
    insert into organizations (name, type, region_id, district_id, address, lat, lng, phone, inn, responsible_person, delivery_region_id, delivery_district_id, delivery_address, search_key, name_key)
    select (array['Аптека Шифо', 'Dori-Darmon', 'Семейная поликлиника', 'Grand Pharm'])[1 + g % 4] || ' №' || g,
      (array['pharmacy', 'pharmacy', 'healthcare', 'pharmacy'])[1 + g % 4], d.region_id, d.id, 'ул. Бобура, ' || g % 150,
      41.3 + (g % 100) * 0.001, 69.24 + (g % 97) * 0.001, '+99890' || lpad(g::text, 7, '0'), lpad((200000000 + g)::text, 9, '0'), 'Responsible ' || g,
      d.region_id, d.id, 'ул. Бобура, ' || g % 150, 'apteka ' || g, 'apteka ' || g
    from generate_series(1, ${ORGS}) g join d on d.i = g % (select n from n)`);
  await db.execute(sql`insert into doctors (organization_id, first_name, last_name, phone, specialization, search_key, name_key)
    select id, 'Malika', 'Karimova ' || id, '+99891' || lpad(id::text, 7, '0'), 'cardiologist', 'karimova ' || id, 'karimova ' || id from organizations where type = 'healthcare'`);
  // visits: each rep about 7 a day over two years back and a month ahead, at 100 organizations of their own
  await db.execute(sql`
    with v as (
      select g, 22 + g % ${REPS} as rep,
        1 + ((g % ${REPS}) * 100 + (g / ${REPS}) * 37 % 100) % ${ORGS} as org,
        (${dayStart(addDays(today, 30)).toISOString()}::timestamptz - ((g::bigint * 730 * 86400 / ${VISITS}) || ' seconds')::interval)
          - ((g / ${REPS}) % 7 || ' hours')::interval as start
      from generate_series(1, ${VISITS}) g)
    insert into visits (organization_id, representative_id, status, planned_start, planned_end, started_at, completed_at, proof_score, proof_reasons, review, created_by)
    select org, rep, s.status, start, start + interval '45 minutes',
      case when s.status = 'completed' then start end, case when s.status = 'completed' then start + interval '30 minutes' end,
      case when s.status = 'completed' then case when g % 97 = 0 then 30 else 100 end end,
      case when s.status = 'completed' and g % 97 = 0 then '["farFromOrganization", "tooShort"]'::jsonb else '[]'::jsonb end,
      case when s.status = 'completed' and g % 97 = 0 then (array['pending', 'accepted', 'rejected'])[1 + g % 3] end,
      rep
    from v cross join lateral (select case when start > now() then 'planned' when g % 10 = 0 then 'cancelled' when g % 23 = 0 then 'overdue' else 'completed' end as status) s`);
  await db.execute(sql`insert into visit_doctors (visit_id, doctor_id)
    select v.id, d.id from visits v join doctors d on d.organization_id = v.organization_id where v.status = 'completed'`);
  await db.execute(sql`insert into visit_ratings (visit_id, efficiency, operator_politeness, delivery_speed, response_time, rated_by)
    select id, 3 + id % 3, 4 + id % 2, 2 + id % 4, 3 + id % 3, representative_id from visits where status = 'completed' and id % 8 = 0`);
  await db.execute(sql`vacuum analyze`);
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const count = async (statement: SQL) => (await queryRows<{ n: number }>(db, statement))[0]!.n;
console.log(
  `${(await count(sql`select count(*)::int as n from visits`)).toLocaleString('en')} visits, ${(await count(sql`select count(*)::int as n from visit_doctors`)).toLocaleString('en')} doctors met, ${(await count(sql`select count(*)::int as n from visit_ratings`)).toLocaleString('en')} ratings`,
);

const { app, baseUrl } = await startApp(database);
const token = (id: number) => ({ authorization: `Bearer ${app.jwt.sign({ sub: String(id) })}` });
const admin = token(1);
const chief = token(2); // chief 1: reps 22, 42, 62 … (g % 200 → ten reps), see the manager_id formula
const chiefReps = (await queryRows<{ id: number }>(db, sql`select id from users where manager_id = 2 order by id`)).map((r) => r.id);
const rep = chiefReps[0]!;
const perRep = await count(sql`select count(*)::int as n from visits where representative_id = ${rep}`);
const month = today.slice(0, 7);
const monthStart = dayStart(`${month}-01`);
const [y, m] = month.split('-').map(Number) as [number, number];
const monthEnd = dayStart(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`);
const orgs = (
  await queryRows<{ id: number }>(
    db,
    sql`select organization_id as id from visits where representative_id = ${rep} group by organization_id order by organization_id limit 20`,
  )
).map((r) => r.id);
const deepPage = Math.max(1, Math.floor(perRep / 25) - 2);
console.log(
  `rep ${rep}: ${perRep} visits (${Math.ceil(perRep / 25)} pages of 25); chief 2: ${chiefReps.length} reps; ${orgs.length} organizations of that rep`,
);

// ---------------------------------------------------------------- the same SQL, straight through the driver

const team = sql`with recursive team(id) as (select 2::int union select u.id from users u join team t on u.manager_id = t.id) select id from team`;
const calendarSql = (scope: SQL) => sql`select to_char(planned_start at time zone 'Asia/Tashkent', 'YYYY-MM-DD') as date, status, count(*)::int as n from visits
  where ${scope} and planned_start >= ${monthStart.toISOString()} and planned_start < ${monthEnd.toISOString()} group by 1, 2 order by 1`;
const summary = sql`select v.id, v.status, v.organization_id, o.name, v.representative_id, u.full_name, v.planned_start, v.planned_end, v.started_at, v.completed_at,
    v.comment, v.proof_score, v.proof_reasons, v.review, v.review_comment, r.full_name as reviewer, v.reviewed_at
  from visits v join organizations o on o.id = v.organization_id join users u on u.id = v.representative_id left join users r on r.id = v.reviewed_by`;
// the service's two steps: the page's ids from the index, then those rows joined
const pageIdsSql = (page: number) => sql`select v.id from visits v where v.representative_id in (${team}) and v.representative_id = ${rep}
  order by v.planned_start desc, v.id desc limit 25 offset ${(page - 1) * 25}`;
const rowsOf = (ids: number[]) =>
  ids.length
    ? queryRows(
        db,
        sql`${summary} where v.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by v.planned_start desc, v.id desc`,
      )
    : Promise.resolve([]);
const pageSql = async (page: number) => rowsOf((await queryRows<{ id: number }>(db, pageIdsSql(page))).map((r) => r.id));
const pageCountSql = sql`select count(*)::int from visits v where v.representative_id in (${team}) and v.representative_id = ${rep}`;
const historyWhere = (org: number) => sql`v.organization_id = ${org} and v.representative_id in (${team})`;
const historySql = (org: number) => [
  sql`select status, count(*)::int from visits v where ${historyWhere(org)} group by status`,
  sql`select max(completed_at), avg(proof_score) filter (where status = 'completed') from visits v where ${historyWhere(org)}`,
  sql`select count(distinct vd.doctor_id)::int from visit_doctors vd join visits v on v.id = vd.visit_id where ${historyWhere(org)} and v.status in ('in_progress', 'completed')`,
  sql`select count(*), avg(efficiency), avg(operator_politeness), avg(delivery_speed), avg(response_time) from visit_ratings vr join visits v on v.id = vr.visit_id where ${historyWhere(org)}`,
  sql`select v.id from visits v where ${historyWhere(org)} order by v.planned_start desc, v.id desc limit 25`,
  sql`select count(*)::int from visits v where ${historyWhere(org)}`,
];

const plan = async (label: string, statement: SQL) => {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${statement}`);
  console.log(
    `${label}: ${rows
      .map((r) => r['QUERY PLAN'].trim())
      .filter((l) => /Scan|Index/.test(l))
      .map((l) => l.replace(/\s+\(cost.*$/, ''))
      .join(' | ')}`,
  );
};
await plan('calendar, chief', calendarSql(sql`representative_id in (${team})`));
await plan('calendar, admin', calendarSql(sql`true`));
await plan(`rep's history page ${deepPage} (ids)`, pageIdsSql(deepPage));
await plan("rep's history page count", pageCountSql);
await plan('organization history page (ids)', historySql(orgs[0]!)[4]!);
await plan('organization history ratings', historySql(orgs[0]!)[3]!);

const N = 2_000;
const rows: HttpFigures[] = [];
/** Through the API and straight through the driver, 50 in flight and one at a time (the query's own latency). */
const both = async (label: string, paths: string[], headers: Record<string, string>, driver: (i: number) => Promise<unknown>) => {
  rows.push(await load(`GET ${label}`, baseUrl, paths, { seconds, headers }));
  rows.push(await timeCalls(`  same SQL through the driver`, N, 50, driver));
  rows.push(await load(`  the API, 1 connection`, baseUrl, paths, { seconds: Math.ceil(seconds / 2), headers, connections: 1 }));
  rows.push(await timeCalls(`  the driver, 1 in flight`, 300, 1, driver));
};
await both(`/api/visits/calendar?month=${month}, a rep`, [`/api/visits/calendar?month=${month}`], token(rep), () =>
  queryRows(db, calendarSql(sql`representative_id = ${rep}`)),
);
await both(`/api/visits/calendar?month=${month}, a chief (10 reps)`, [`/api/visits/calendar?month=${month}`], chief, () =>
  queryRows(db, calendarSql(sql`representative_id in (${team})`)),
);
await both(`/api/visits/calendar?month=${month}, admin (200 reps)`, [`/api/visits/calendar?month=${month}`], admin, () =>
  queryRows(db, calendarSql(sql`true`)),
);
const pages = [1, 2, 10];
await both(
  `/api/visits?representativeId=…&page=1|2|10, chief`,
  pages.map((p) => `/api/visits?representativeId=${rep}&page=${p}&size=25&sort=-plannedStart`),
  chief,
  (i) => Promise.all([pageSql(pages[i % pages.length]!), queryRows(db, pageCountSql)]),
);
await both(
  `/api/visits?representativeId=…&page=${deepPage} (deepest), chief`,
  [`/api/visits?representativeId=${rep}&page=${deepPage}&size=25&sort=-plannedStart`],
  chief,
  () => Promise.all([pageSql(deepPage), queryRows(db, pageCountSql)]),
);
await both(
  '/api/visits/organizations/:id/history, chief',
  orgs.map((o) => `/api/visits/organizations/${o}/history`),
  chief,
  async (i) => {
    const results = await Promise.all(historySql(orgs[i % orgs.length]!).map((s) => queryRows<{ id: number }>(db, s)));
    return rowsOf(results[4]!.map((r) => r.id));
  },
);
printTable(`Visits over ${VISITS.toLocaleString('en')} rows, 50 connections (${benchDriver})`, rows);

await app.close();
await database.close();
