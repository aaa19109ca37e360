/**
 * Orders list benchmark over 1,000,000 orders and 10,000,000 positions (200 reps, 20,000
 * organizations in every region, two years): GET /api/orders through the real app as the
 * operator (scope all) and as a rep (own), with the filters of /orders (status, date range, agent,
 * organization, region, client type), pages 1 and deep, sizes 25/50/100 — req/s, p50/p99 at 50
 * connections beside the same SQL straight through the driver and a bare node:http server
 * answering with that SQL, and the plans (EXPLAIN) that show which index serves each query.
 * BENCH_ORDERS scales the data (positions = 10 per order); on PGlite it defaults to 100,000.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, businessDate } from '@pharma/contracts';
import { benchDatabase, startApp, startBare, load, timeCalls, printTable, benchDriver, type HttpFigures } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { seedPlatformDemo } from '../apps/server/src/seed/demo.js';
import { seedStockDemo } from '../apps/server/src/seed/stock.js';

const fullSize = 1_000_000;
const ORDERS = Number(process.env.BENCH_ORDERS ?? (benchDriver === 'pglite' ? 100_000 : fullSize));
const PER_ORDER = 10;
const REPS = 200;
const CHIEFS = 20;
const ORGS = 20_000;
const DAYS = 730;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

if (ORDERS < fullSize)
  console.log(
    `NOTE: ${ORDERS.toLocaleString('en')} orders (${(ORDERS * PER_ORDER).toLocaleString('en')} positions), not the full 1,000,000 / 10,000,000${benchDriver === 'pglite' ? ': PGlite (one WASM process, in memory) is scaled down; run on PostgreSQL for the full size' : ''}`,
  );

const database = await benchDatabase('orders_list');
const { db } = database;
const today = businessDate();
const started = Date.now();
const count = async (statement: SQL) => (await queryRows<{ n: number }>(db, statement))[0]!.n;

if (!database.reused) {
  console.log(
    `driver: ${benchDriver}; demo users, catalog and stock, then ${ORDERS.toLocaleString('en')} orders with ${(ORDERS * PER_ORDER).toLocaleString('en')} positions…`,
  );
  await seedPlatformDemo(db);
  await seedStockDemo(db);
  // chiefs under the demo admin, ten reps under each chief
  await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
    select 'Руководитель ' || g, 'bench.chief' || g, 'x', 'Региональный менеджер', 'chief', (select id from users where login = 'admin'), '{}' from generate_series(1, ${CHIEFS}) g`);
  await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
    select 'Представитель ' || g, 'bench.rep' || g, 'x', 'Медицинский представитель', 'rep', (select id from users where login = 'bench.chief' || (1 + (g - 1) / ${REPS / CHIEFS})), '{}'
    from generate_series(1, ${REPS}) g`);
  // organizations spread over every district of every region
  await db.execute(sql`
    with d as (select row_number() over (order by d.id) - 1 as i, d.id, d.region_id from districts d),
    n as (select count(*) as n from d)
    insert into organizations (name, type, region_id, district_id, address, lat, lng, phone, inn, responsible_person, delivery_region_id, delivery_district_id, delivery_address, search_key, name_key)
    select (array['Аптека Шифо', 'Dori-Darmon', 'Семейная поликлиника', 'Grand Pharm'])[1 + g % 4] || ' №' || g,
      (array['pharmacy', 'pharmacy', 'healthcare', 'pharmacy'])[1 + g % 4], d.region_id, d.id, 'ул. Бобура, ' || g % 150,
      41.3 + (g % 100) * 0.001, 69.24 + (g % 97) * 0.001, '+99890' || lpad(g::text, 7, '0'), lpad((200000000 + g)::text, 9, '0'), 'Responsible ' || g,
      d.region_id, d.id, 'ул. Бобура, ' || g % 150, 'apteka ' || g, 'apteka ' || g
    from generate_series(1, ${ORGS}) g join d on d.i = g % (select n from n)`);

  // Bulk load in one transaction: foreign-key triggers off (session_replication_role), the secondary
  // indexes dropped and built again afterwards from their own definitions, as a restore would.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    const indexes = await queryRows<{ indexname: string; indexdef: string }>(
      tx,
      sql`select indexname, indexdef from pg_indexes where tablename in ('orders', 'order_positions') and indexname not like '%_pkey'`,
    );
    for (const i of indexes) await tx.execute(sql.raw(`drop index "${i.indexname}"`));
    // the batches the positions pick from: those not expired, numbered
    await tx.execute(sql`create temporary table bench_batches on commit drop as
      select row_number() over (order by id) - 1 as i, id, product_id, base_price, vat_bp from batches where expiry_date > current_date`);
    const batchCount = (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bench_batches`))[0]!.n;
    const reps = sql`(select row_number() over (order by id) - 1 as i, id from users where login like 'bench.rep%')`;
    // positions first (10 per order, each a batch of a distinct product), so the orders' totals are their sums
    await tx.execute(sql`
      insert into order_positions (order_id, product_id, batch_id, quantity, base_price, base_price_with_vat, markup_bp, vat_bp, sale_price, sum_base, sum_base_with_vat, sum_sale)
      select o, b.product_id, b.id, q, b.base_price, p.with_vat, 1500, b.vat_bp, p.sale, q * b.base_price, q * p.with_vat, q * p.sale
      from generate_series(1, ${ORDERS}) o cross join generate_series(0, ${PER_ORDER - 1}) k
      cross join lateral (select 1 + (o + k) % 7 as q) qq
      join bench_batches b on b.i = ((o::bigint * 7919 + k * 211) % ${batchCount})
      cross join lateral (select round(b.base_price * (10000 + b.vat_bp) / 10000.0)::bigint as with_vat,
        round(round(b.base_price * (10000 + b.vat_bp) / 10000.0) * 11500 / 10000.0)::bigint as sale) p`);
    // orders: newest last; each rep has 100 organizations of their own; statuses by age
    await tx.execute(sql`
      with s as (select order_id, sum(sum_base)::bigint as base, sum(sum_base_with_vat)::bigint as with_vat, sum(sum_sale)::bigint as sale from order_positions group by order_id),
      r as ${reps}
      insert into orders (id, number, date, status, organization_id, agent_id, operator_id, client_type, payment_variant, prepayment_bp, vat_bp, delivery_address,
        sum_base, sum_base_with_vat, sum_sale, prepayment_amount, paid, created_at, updated_at)
      select o, o, d, st, org, r.id, case when st <> 'new' then (select id from users where login = 'operator') end,
        case when o % 3 = 0 then 'wholesale' else 'retail' end, (array['cash', 'bankTransfer', 'card', 'deferred'])[1 + o % 4], 3000, 1200, 'ул. Бобура, ' || o % 150,
        s.base, s.with_vat, s.sale, s.sale * 3000 / 10000, case when st in ('delivered', 'completed') then s.sale else 0 end,
        d + time '09:00' + (o % 480) * interval '1 minute', d + time '09:00' + (o % 480) * interval '1 minute'
      from s
      cross join lateral (select s.order_id as o) oo
      join r on r.i = o % ${REPS}
      cross join lateral (select (${today}::date - ${DAYS}::int + (o::bigint * ${DAYS} / ${ORDERS})::int) as d,
        1 + ((o % ${REPS}) * 100 + (o / ${REPS}) * 37 % 100) % ${ORGS} as org) x
      cross join lateral (select case
        when o % 20 = 0 then 'cancelled'
        when d > ${addDays(today, -3)}::date then (array['new', 'sent_for_review', 'in_processing', 'under_agreement', 'approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment'])[1 + o % 8]
        when d > ${addDays(today, -14)}::date then (array['shipped', 'delivered', 'delivered', 'completed'])[1 + o % 4]
        when o % 9 = 0 then 'delivered' else 'completed' end as st) y`);
    await tx.execute(sql`select setval('orders_id_seq', ${ORDERS}), setval('order_number_seq', ${ORDERS})`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('order_positions', 'id'), (select max(id) from order_positions))`);
    for (const i of indexes) await tx.execute(sql.raw(i.indexdef));
  });
  await db.execute(sql`vacuum analyze`);
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

console.log(
  `${(await count(sql`select count(*)::int as n from orders`)).toLocaleString('en')} orders, ${(await count(sql`select count(*)::int as n from order_positions`)).toLocaleString('en')} positions, ${(await count(sql`select count(*)::int as n from organizations`)).toLocaleString('en')} organizations`,
);

// ---------------------------------------------------------------- who and what

const idOf = async (login: string) => (await queryRows<{ id: number }>(db, sql`select id from users where login = ${login}`))[0]!.id;
const operatorId = await idOf('operator');
const repId = await idOf('bench.rep7');
const [org] = await queryRows<{ id: number }>(
  db,
  sql`select organization_id as id from orders where agent_id = ${repId} group by 1 order by count(*) desc, 1 limit 1`,
);
const [region] = await queryRows<{ id: number }>(
  db,
  sql`select o.region_id as id from organizations o join regions r on r.id = o.region_id where r.code = 'SA' limit 1`,
);
const monthFrom = addDays(today, -60);
const monthTo = addDays(today, -30);

interface Filter {
  from?: string;
  to?: string;
  status?: string;
  agentId?: number;
  organizationId?: number;
  regionId?: number;
  clientType?: string;
}

// ---------------------------------------------------------------- the same SQL as listOrders(), straight through the driver

const whereOf = (f: Filter, scopeAgent: number | null) =>
  sql.join(
    [
      sql`true`,
      scopeAgent === null ? undefined : sql`o.agent_id = ${scopeAgent}`,
      f.from ? sql`o.date >= ${f.from}` : undefined,
      f.to ? sql`o.date <= ${f.to}` : undefined,
      f.status ? sql`o.status = ${f.status}` : undefined,
      f.agentId ? sql`o.agent_id = ${f.agentId}` : undefined,
      f.organizationId ? sql`o.organization_id = ${f.organizationId}` : undefined,
      f.regionId ? sql`o.organization_id in (select id from organizations where region_id = ${f.regionId})` : undefined,
      f.clientType ? sql`o.client_type = ${f.clientType}` : undefined,
    ].filter((s): s is SQL => !!s),
    sql` and `,
  );
// the service's two steps: the page's ids from the orders table alone, then those rows joined
const pageIdsSql = (f: Filter, scopeAgent: number | null, page: number, size: number) =>
  sql`select o.id from orders o where ${whereOf(f, scopeAgent)} order by o.date desc, o.id desc limit ${size} offset ${(page - 1) * size}`;
const rowsSql = (ids: number[]) => sql`
  select o.id, o.number, o.date::text, o.status, o.organization_id, g.name, o.agent_id, a.full_name, o.operator_id, op.full_name as operator_name,
    o.client_type, o.payment_variant, o.prepayment_bp, o.sum_base_with_vat, o.sum_sale, o.prepayment_amount, o.paid,
    to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
  from orders o join organizations g on g.id = o.organization_id join users a on a.id = o.agent_id left join users op on op.id = o.operator_id
  where o.id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) order by o.date desc, o.id desc`;
const countSql = (f: Filter, scopeAgent: number | null) => sql`select count(*)::int as n from orders o where ${whereOf(f, scopeAgent)}`;
const pageSql = async (f: Filter, scopeAgent: number | null, page: number, size: number) => {
  const ids = (await queryRows<{ id: number }>(db, pageIdsSql(f, scopeAgent, page, size))).map((r) => r.id);
  return ids.length ? queryRows<{ id: number }>(db, rowsSql(ids)) : [];
};
const listSql = async (f: Filter, scopeAgent: number | null, page: number, size: number) => {
  const [items, [total]] = await Promise.all([pageSql(f, scopeAgent, page, size), queryRows<{ n: number }>(db, countSql(f, scopeAgent))]);
  return { items, total: total!.n, page, size };
};

const query = (f: Filter, page: number, size: number) => {
  const q = new URLSearchParams({ page: String(page), size: String(size) });
  for (const [k, v] of Object.entries(f)) if (v !== undefined) q.set(k, String(v));
  return `/api/orders?${q}`;
};

// one case: who asks, which filter, which pages and sizes (cycled)
interface Case {
  label: string;
  as: 'operator' | 'rep';
  filter: Filter;
  pages: [page: number, size: number][];
}
const totalOf = (f: Filter, as: 'operator' | 'rep') => count(countSql(f, as === 'rep' ? repId : null));
const deepest = async (f: Filter, as: 'operator' | 'rep', size: number): Promise<[number, number]> => [
  Math.max(1, Math.ceil((await totalOf(f, as)) / size)),
  size,
];
const deep = (f: Filter, as: 'operator' | 'rep', size: number, cap: number) => deepest(f, as, size).then(([p, s]) => [Math.min(p, cap), s] as [number, number]);

const all: Filter = {};
const cases: Case[] = [
  {
    label: 'operator, no filter, page 1, size 25|50|100',
    as: 'operator',
    filter: all,
    pages: [
      [1, 25],
      [1, 50],
      [1, 100],
    ],
  },
  { label: 'operator, no filter, page 400 (offset 10,000), size 25', as: 'operator', filter: all, pages: [[400, 25]] },
  {
    label: 'operator, status in_processing, page 1 | last',
    as: 'operator',
    filter: { status: 'in_processing' },
    pages: [[1, 25], await deepest({ status: 'in_processing' }, 'operator', 25)],
  },
  {
    label: 'operator, status completed, page 1 | 100',
    as: 'operator',
    filter: { status: 'completed' },
    pages: [
      [1, 25],
      [100, 25],
    ],
  },
  {
    label: 'operator, a month (date range), page 1 | last, size 50',
    as: 'operator',
    filter: { from: monthFrom, to: monthTo },
    pages: [[1, 50], await deepest({ from: monthFrom, to: monthTo }, 'operator', 50)],
  },
  {
    label: 'operator, one agent, page 1 | last',
    as: 'operator',
    filter: { agentId: repId },
    pages: [[1, 25], await deepest({ agentId: repId }, 'operator', 25)],
  },
  {
    label: 'operator, one organization, page 1, size 25|100',
    as: 'operator',
    filter: { organizationId: org!.id },
    pages: [
      [1, 25],
      [1, 100],
    ],
  },
  {
    label: 'operator, one region (Samarkand), page 1 | 200',
    as: 'operator',
    filter: { regionId: region!.id },
    pages: [
      [1, 25],
      [200, 25],
    ],
  },
  {
    label: 'operator, client type wholesale, page 1 | 100, size 100',
    as: 'operator',
    filter: { clientType: 'wholesale' },
    pages: [
      [1, 100],
      [100, 100],
    ],
  },
  {
    label: 'operator, region + status delivered + wholesale + a month',
    as: 'operator',
    filter: { regionId: region!.id, status: 'delivered', clientType: 'wholesale', from: monthFrom, to: monthTo },
    pages: [[1, 25]],
  },
  {
    label: 'rep (own), no filter, page 1, size 25|50|100',
    as: 'rep',
    filter: all,
    pages: [
      [1, 25],
      [1, 50],
      [1, 100],
    ],
  },
  { label: 'rep (own), no filter, last page, size 25', as: 'rep', filter: all, pages: [await deepest(all, 'rep', 25)] },
  { label: 'rep (own), a month + status completed', as: 'rep', filter: { from: monthFrom, to: monthTo, status: 'completed' }, pages: [[1, 25]] },
  {
    label: 'rep (own), client type retail, page 1 | 20',
    as: 'rep',
    filter: { clientType: 'retail' },
    pages: [[1, 25], await deep({ clientType: 'retail' }, 'rep', 25, 20)],
  },
];

// ---------------------------------------------------------------- plans

const planLines = async (statement: SQL) => {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers off, costs off, timing off, summary on) ${statement}`);
  const lines = rows.map((r) => r['QUERY PLAN'].trim());
  const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  return `${lines
    .filter((l) => /Scan|Join|Nested Loop/.test(l))
    .map((l) => l.replace(/^->\s*/, '').replace(/\s*\(actual.*$/, ''))
    .join(' | ')} [${time}]`;
};
console.log("\nplans (the page's ids; the count) with their execution time, one call:");
for (const c of cases) {
  const scope = c.as === 'rep' ? repId : null;
  const [page, size] = c.pages.at(-1)!;
  console.log(
    `- ${c.label} (page ${page}, size ${size})\n    page ids: ${await planLines(pageIdsSql(c.filter, scope, page, size))}\n    count:    ${await planLines(countSql(c.filter, scope))}`,
  );
}

// ---------------------------------------------------------------- load

const { app, baseUrl } = await startApp(database);
const token = (id: number) => ({ authorization: `Bearer ${app.jwt.sign({ sub: String(id) })}` });
const tokens = { operator: token(operatorId), rep: token(repId) };
// the ceiling: bare node:http answering with the same SQL (the scope from a query parameter)
const bare = await startBare(async (url) => {
  const p = url.searchParams;
  const f: Filter = {
    from: p.get('from') ?? undefined,
    to: p.get('to') ?? undefined,
    status: p.get('status') ?? undefined,
    agentId: p.has('agentId') ? Number(p.get('agentId')) : undefined,
    organizationId: p.has('organizationId') ? Number(p.get('organizationId')) : undefined,
    regionId: p.has('regionId') ? Number(p.get('regionId')) : undefined,
    clientType: p.get('clientType') ?? undefined,
  };
  return listSql(f, p.get('as') === 'rep' ? repId : null, Number(p.get('page')), Number(p.get('size')));
});

const N = Number(process.env.BENCH_CALLS ?? 300);
const rows: HttpFigures[] = [];
for (const c of cases) {
  const paths = c.pages.map(([page, size]) => query(c.filter, page, size));
  const scope = c.as === 'rep' ? repId : null;
  rows.push(await load(`GET /api/orders: ${c.label}`, baseUrl, paths, { seconds, headers: tokens[c.as] }));
  rows.push(
    await load(
      '  bare node:http + same SQL',
      bare.baseUrl,
      paths.map((p) => `${p}&as=${c.as}`),
      { seconds },
    ),
  );
  rows.push(
    await timeCalls('  same SQL through the driver (page + count)', N, 50, (i) => {
      const [page, size] = c.pages[i % c.pages.length]!;
      return listSql(c.filter, scope, page, size);
    }),
  );
}
printTable(
  `Orders list over ${ORDERS.toLocaleString('en')} orders / ${(ORDERS * PER_ORDER).toLocaleString('en')} positions, 50 connections (${benchDriver})`,
  rows,
);

// the answers agree: the API's total equals the SQL's for every case
for (const c of cases) {
  const [page, size] = c.pages[0]!;
  const res = await fetch(`${baseUrl}${query(c.filter, page, size)}`, { headers: tokens[c.as] });
  const body = (await res.json()) as { total: number; items: { id: number }[] };
  const direct = await listSql(c.filter, c.as === 'rep' ? repId : null, page, size);
  const same = body.total === direct.total && body.items.map((i) => i.id).join() === direct.items.map((i) => i.id).join();
  if (!same) {
    console.error(`MISMATCH ${c.label}: API total ${body.total}, SQL total ${direct.total}`);
    process.exitCode = 1;
  }
}
console.log('API answers equal the SQL answers (total and page ids) for every case');

bare.server.close();
await app.close();
await database.close();
