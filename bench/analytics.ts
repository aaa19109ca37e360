/**
 * Analytics benchmark (issue 15): 10,000,000 visits, 1,000,000 orders and 10,000,000 positions over
 * three years, 200 reps in 20 teams, 20,000 organizations. Statistics (summary, trend), the reports
 * (breakdowns by employee and region) for a month and a year, monthly sales for a year, the coverage
 * map's points for a region and a month — p50/p95 at 1 and 20 concurrent users through the API, kept
 * answers (decision 039) and computed ones (a commit before each ask), beside the same service SQL
 * straight through the driver (the ceiling). The rows are bulk-loaded with triggers off, then the aggregates are built once from
 * them by the triggers' own SQL (stat_count_all, as migration 0027 does for existing data).
 * BENCH_VISITS / BENCH_ORDERS scale the data (positions = 10 per order).
 */
import { sql } from 'drizzle-orm';
import { addDays, businessDate, periodOf, type AnalyticsQuery } from '@pharma/contracts';
import { benchDatabase, startApp, timeCalls, printTable, benchDriver, type HttpFigures } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { seedPlatformDemo } from '../apps/server/src/seed/demo.js';
import { seedStockDemo } from '../apps/server/src/seed/stock.js';
import { loadActor } from '../apps/server/src/modules/users/users.service.js';
import { analyticsBreakdown, analyticsSummary, analyticsTrend, monthlySales } from '../apps/server/src/modules/analytics/analytics.service.js';
import { coverageMap } from '../apps/server/src/modules/analytics/coverage.service.js';

const VISITS = Number(process.env.BENCH_VISITS ?? (benchDriver === 'pglite' ? 200_000 : 10_000_000));
const ORDERS = Number(process.env.BENCH_ORDERS ?? (benchDriver === 'pglite' ? 20_000 : 1_000_000));
const PER_ORDER = 10;
const REPS = 200;
const CHIEFS = 20;
const ORGS = 20_000;
const DAYS = 3 * 365;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);

const database = await benchDatabase('analytics');
const { db } = database;
const today = businessDate();
const started = Date.now();

if (!database.reused) {
  console.log(
    `driver: ${benchDriver}; ${VISITS.toLocaleString('en')} visits, ${ORDERS.toLocaleString('en')} orders, ${(ORDERS * PER_ORDER).toLocaleString('en')} positions…`,
  );
  await seedPlatformDemo(db);
  await seedStockDemo(db);
  await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
    select 'Руководитель ' || g, 'bench.chief' || g, 'x', 'Региональный менеджер', 'chief', (select id from users where login = 'admin'), '{}' from generate_series(1, ${CHIEFS}) g`);
  await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
    select 'Представитель ' || g, 'bench.rep' || g, 'x', 'Медицинский представитель', 'rep', (select id from users where login = 'bench.chief' || (1 + (g - 1) / ${REPS / CHIEFS})), '{}'
    from generate_series(1, ${REPS}) g`);
  await db.execute(sql`
    with d as (select row_number() over (order by d.id) - 1 as i, d.id, d.region_id from districts d), n as (select count(*) as n from d)
    insert into organizations (name, type, region_id, district_id, address, lat, lng, phone, inn, responsible_person, delivery_region_id, delivery_district_id, delivery_address, search_key, name_key, size)
    select 'Аптека №' || g, (array['pharmacy', 'pharmacy', 'healthcare', 'hospital'])[1 + g % 4], d.region_id, d.id, 'ул. Бобура, ' || g % 150,
      41.3 + (g % 100) * 0.001, 69.24 + (g % 97) * 0.001, '+99890' || lpad(g::text, 7, '0'), lpad((200000000 + g)::text, 9, '0'), 'Responsible ' || g,
      d.region_id, d.id, 'ул. Бобура, ' || g % 150, 'apteka ' || g, 'apteka ' || g, (array['small', 'medium', 'large'])[1 + g % 3]
    from generate_series(1, ${ORGS}) g join d on d.i = g % (select n from n)`);
  // every rep works the districts of their 100 organizations' region
  await db.execute(sql`insert into user_territories (user_id, region_id)
    select distinct u.id, o.region_id from (select row_number() over (order by id) - 1 as i, id from users where login like 'bench.rep%') u
    join organizations o on o.id = 1 + (u.i * 100) % ${ORGS}`);

  await db.transaction(async (tx) => {
    // triggers (the aggregates' too) and foreign keys off while loading; the aggregates are built once afterwards
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    const indexes = await queryRows<{ indexname: string; indexdef: string }>(
      tx,
      sql`select indexname, indexdef from pg_indexes where tablename in ('visits', 'orders', 'order_positions') and indexname not like '%_pkey'`,
    );
    for (const i of indexes) await tx.execute(sql.raw(`drop index "${i.indexname}"`));
    const reps = sql`(select row_number() over (order by id) - 1 as i, id from users where login like 'bench.rep%')`;
    // visits: a rep's organizations in turn, ~9 a working day each over three years; statuses by age
    await tx.execute(sql`
      with r as ${reps}
      insert into visits (organization_id, representative_id, status, planned_start, planned_end, started_at, completed_at, review)
      select org, r.id, st, ps, ps + interval '30 minutes',
        case when st = 'completed' then ps + interval '2 minutes' end, case when st = 'completed' then ps + (10 + v % 40) * interval '1 minute' end,
        case when st = 'completed' and v % 50 = 0 then 'accepted' end
      from generate_series(1, ${VISITS}) v
      join r on r.i = v % ${REPS}
      cross join lateral (select (${today}::date - ${DAYS}::int + (v::bigint * ${DAYS} / ${VISITS})::int) + time '09:00' + (v % 9) * interval '50 minutes' as ps,
        1 + ((v % ${REPS}) * 100 + (v / ${REPS}) % 100) % ${ORGS} as org) x
      cross join lateral (select case when ps > now() then 'planned' when v % 17 = 0 then 'cancelled' when v % 23 = 0 then 'overdue' else 'completed' end as st) y`);
    await tx.execute(sql`create temporary table bench_batches on commit drop as
      select row_number() over (order by id) - 1 as i, id, product_id, base_price, vat_bp from batches`);
    const batchCount = (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bench_batches`))[0]!.n;
    await tx.execute(sql`
      insert into order_positions (order_id, product_id, batch_id, quantity, base_price, base_price_with_vat, markup_bp, vat_bp, sale_price, sum_base, sum_base_with_vat, sum_sale)
      select o, b.product_id, b.id, q, b.base_price, b.base_price, 1500, b.vat_bp, b.base_price * 115 / 100, q * b.base_price, q * b.base_price, q * b.base_price * 115 / 100
      from generate_series(1, ${ORDERS}) o cross join generate_series(0, ${PER_ORDER - 1}) k
      cross join lateral (select 1 + (o + k) % 7 as q) qq
      join bench_batches b on b.i = ((o::bigint * 7919 + k * 211) % ${batchCount})`);
    await tx.execute(sql`
      with s as (select order_id, sum(sum_base)::bigint as base, sum(sum_sale)::bigint as sale from order_positions group by order_id), r as ${reps}
      insert into orders (id, number, date, status, organization_id, agent_id, client_type, payment_variant, vat_bp, delivery_address, sum_base, sum_base_with_vat, sum_sale, paid)
      select o, o, d, st, org, r.id, case when o % 3 = 0 then 'wholesale' else 'retail' end, 'cash', 1200, 'ул. Бобура', s.base, s.base, s.sale,
        case when st = 'completed' then s.sale else 0 end
      from s cross join lateral (select s.order_id as o) oo join r on r.i = o % ${REPS}
      cross join lateral (select (${today}::date - ${DAYS}::int + (o::bigint * ${DAYS} / ${ORDERS})::int) as d, 1 + ((o % ${REPS}) * 100 + (o / ${REPS}) * 37 % 100) % ${ORGS} as org) x
      cross join lateral (select case when o % 20 = 0 then 'cancelled' when d > ${addDays(today, -14)}::date then 'new' when o % 9 = 0 then 'delivered' else 'completed' end as st) y`);
    await tx.execute(sql`select setval('orders_id_seq', ${ORDERS}), setval('order_number_seq', ${ORDERS})`);
    for (const i of indexes) await tx.execute(sql.raw(i.indexdef));
  });
  const built = Date.now();
  await db.execute(sql`select stat_count_all()`);
  console.log(`aggregates built in ${((Date.now() - built) / 1000).toFixed(1)} s`);
  await db.execute(sql`vacuum analyze`);
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (database.reused) await db.execute(sql`analyze`);
const sizes = await queryRows<Record<string, number>>(
  db,
  sql`select (select count(*) from visits)::int visits, (select count(*) from orders)::int orders, (select count(*) from order_positions)::int positions,
    (select count(*) from stat_visits)::int stat_visits, (select count(*) from stat_orders)::int stat_orders, (select count(*) from stat_coverage)::int stat_coverage, (select count(*) from stat_sales)::int stat_sales,
    (select count(*) from stat_visits_monthly)::int stat_visits_monthly, (select count(*) from stat_coverage_monthly)::int stat_coverage_monthly, (select count(*) from stat_rep_days)::int stat_rep_days`,
);
console.log(JSON.stringify(sizes[0]));

const idOf = async (login: string) => (await queryRows<{ id: number }>(db, sql`select id from users where login = ${login}`))[0]!.id;
const adminId = await idOf('admin');
const chiefId = await idOf('bench.chief3');
console.log('loading actors');
const admin = (await loadActor(db, adminId))!;
const chief = (await loadActor(db, chiefId))!;
console.log('starting the app');
const { app, baseUrl } = await startApp(database);
const auth = (id: number) => ({ authorization: `Bearer ${app.jwt.sign({ sub: String(id) })}`, 'accept-language': 'en' });

const lastMonth = periodOf('month', addDays(`${today.slice(0, 7)}-01`, -1));
const lastYear = periodOf('year', `${Number(today.slice(0, 4)) - 1}-06-01`);
const qs = (q: Record<string, unknown>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

type Case = { label: string; path: string; direct: () => Promise<unknown>; as: number };
const cases: Case[] = [];
for (const [name, period] of [
  ['month', lastMonth],
  ['year', lastYear],
] as const) {
  const q: AnalyticsQuery = { ...period };
  for (const [who, actor] of [
    ['admin', admin],
    ['chief', chief],
  ] as const) {
    cases.push({ label: `summary, ${name}, ${who}`, path: `/api/analytics/summary?${qs(q)}`, direct: () => analyticsSummary(db, actor, q), as: actor.id });
    cases.push({
      label: `report by employee, ${name}, ${who}`,
      path: `/api/analytics/breakdown?${qs({ ...q, by: 'representative' })}`,
      direct: () => analyticsBreakdown(db, actor, { ...q, by: 'representative' }, 'en'),
      as: actor.id,
    });
  }
  cases.push({
    label: `report by region, ${name}, admin`,
    path: `/api/analytics/breakdown?${qs({ ...q, by: 'region' })}`,
    direct: () => analyticsBreakdown(db, admin, { ...q, by: 'region' }, 'en'),
    as: adminId,
  });
  cases.push({
    label: `trend, ${name}, admin`,
    path: `/api/analytics/trend?${qs({ ...q, grain: name === 'month' ? 'day' : 'month' })}`,
    direct: () => analyticsTrend(db, admin, { ...q, grain: name === 'month' ? 'day' : 'month' }),
    as: adminId,
  });
}
cases.push({
  label: 'monthly sales by product, year, admin',
  path: `/api/analytics/monthly-sales?${qs({ ...lastYear, by: 'product' })}`,
  direct: () => monthlySales(db, admin, { ...lastYear, by: 'product' }, 'en'),
  as: adminId,
});
cases.push({
  label: 'monthly sales by product, year, chief',
  path: `/api/analytics/monthly-sales?${qs({ ...lastYear, by: 'product' })}`,
  direct: () => monthlySales(db, chief, { ...lastYear, by: 'product' }, 'en'),
  as: chiefId,
});

// the coverage map's points for a region and a month: the region of the most organizations
const [region] = await queryRows<{ id: number }>(db, sql`select region_id as id from organizations group by 1 order by count(*) desc limit 1`);
const regionMonth = { ...lastMonth, regionId: region!.id };
cases.push({
  label: 'coverage map, region, month, admin',
  path: `/api/analytics/coverage?${qs(regionMonth)}`,
  direct: () => coverageMap(db, admin, regionMonth, 'en'),
  as: adminId,
});

// A kept answer (decision 039) is served while the database snapshot stands: "kept" asks the same question
// again and again as managers do; "computed" commits a write (txid_current) before each ask, so every
// answer is worked out from the aggregates — the figure a first ask after any change gets.
const COMPUTED_CALLS = Number(process.env.BENCH_COMPUTED_CALLS ?? 5);
const write = () => db.execute(sql`select txid_current()`);
const rows: HttpFigures[] = [];
const measure = async (figures: Promise<HttpFigures>) => {
  const row = await figures;
  rows.push(row);
  // each row as it is measured: a year's region report computed at 20 users takes minutes
  console.log(`${row.label}: p50 ${row.p50} ms, p95 ${row.p95} ms, ${row.rps} req/s`);
};
for (const c of cases) {
  const headers = auth(c.as);
  const ask = async () => {
    const res = await fetch(`${baseUrl}${c.path}`, { headers });
    if (!res.ok) throw new Error(`${c.path} → ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await measure(timeCalls(`${c.label} — API kept, 1 user`, Math.min(CALLS, 50), 1, ask));
  await measure(timeCalls(`${c.label} — API kept, 20 users`, CALLS, 20, ask));
  await measure(timeCalls(`${c.label} — API computed, 1 user`, COMPUTED_CALLS, 1, () => write().then(ask)));
  await measure(timeCalls(`${c.label} — API computed, 20 users`, 20, 20, () => write().then(ask)));
  await measure(timeCalls(`${c.label} — same SQL through the driver, 1`, COMPUTED_CALLS, 1, c.direct));
}
printTable(
  `Analytics over ${Number(sizes[0]!.visits).toLocaleString('en')} visits / ${Number(sizes[0]!.orders).toLocaleString('en')} orders / ${Number(sizes[0]!.positions).toLocaleString('en')} positions (${benchDriver}); goal p95 ≤ 150 ms at 20 users`,
  rows,
);
await app.close();
await database.close();
