/**
 * Incomes benchmark: GET /api/incomes/all-projection over 1,000,000 batches
 * (income lines) at 50 connections — first pages, deep pages, filters and
 * search — beside the same service call through the driver (no HTTP) and a
 * bare node:http server answering with it.
 */
import { sql } from 'drizzle-orm';
import { allProjectionQuery } from '@pharma/contracts';
import { benchDatabase, startApp, startBare, load, timeCalls, printTable, benchDriver, type HttpFigures } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { seedPlatformDemo } from '../apps/server/src/seed/demo.js';
import { seedStockDemo } from '../apps/server/src/seed/stock.js';
import { incomeProjection } from '../apps/server/src/modules/incomes/income-projection.service.js';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 1_000_000);
const LINES = 100;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const database = await benchDatabase('all_projection');
const { db } = database;
console.log(`driver: ${benchDriver}; demo catalog, then ${BATCHES.toLocaleString('en')} batches…`);
let t0 = performance.now();
if (!database.reused) await load1M();
/** The demo catalog, then 10,000 incomes of 100 lines each, by generate_series. */
async function load1M() {
  await seedPlatformDemo(db);
  await seedStockDemo(db);
  const [{ products }] = (await queryRows<{ products: number }>(db, sql`select max(id)::int as products from products`)) as [{ products: number }];
  const incomesToAdd = Math.ceil(BATCHES / LINES);
  await db.execute(sql`insert into incomes (number, date, warehouse_id, supplier, vat_bp, markup_bp, line_count, quantity, sum_base, sum_base_with_vat, sum_sale, search_key)
    select 'Б-' || lpad(g::text, 7, '0'), current_date - (g % 365), 1 + g % 5, 'Bench Supplier', 1200, 1500, ${LINES}, ${LINES * 50},
      ${LINES * 50 * 1_000_000}, ${LINES * 50 * 1_120_000}, ${LINES * 50 * 1_288_000}, 'b-' || lpad(g::text, 7, '0') || ' bench supplier'
    from generate_series(1, ${incomesToAdd}) g`);
  await db.execute(sql`insert into batches (product_id, warehouse_id, income_id, received_on, series, expiry_date, received_quantity, on_hand, reserved,
      base_price, vat_bp, base_price_with_vat, markup_bp, sale_price)
    select 1 + ((i.id::bigint * ${LINES} + l) * 7919) % ${products}, i.warehouse_id, i.id, i.date, 'BS' || lpad(((i.id * 31 + l) % 99999)::text, 5, '0'),
      i.date + 400 + (l * 7) % 700, 50, 50 - (l % 50), 0, 1000000, 1200, 1120000, 1500, 1288000
    from incomes i cross join generate_series(1, ${LINES}) l where i.supplier = 'Bench Supplier'`);
}
const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);
t0 = performance.now();
await db.execute(sql`vacuum analyze`);
const [{ total }] = (await queryRows<{ total: number }>(db, sql`select count(*)::int as total from batches`)) as [{ total: number }];
console.log(
  `${total.toLocaleString('en')} batches ${database.reused ? 'reused' : `loaded in ${loadSeconds} s`} (vacuum analyze ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);

const { app, baseUrl } = await startApp(database);
const [{ id: adminId }] = (await queryRows<{ id: number }>(db, sql`select id from users where login = 'admin'`)) as [{ id: number }];
const headers = { authorization: `Bearer ${app.jwt.sign({ sub: String(adminId) })}` };
const [{ warehouse, product, month }] = (await queryRows<{ warehouse: number; product: number; month: string }>(
  db,
  sql`select 2 as warehouse, (select product_id from batches order by id desc limit 1) as product, to_char(current_date - 120, 'YYYY-MM') as month`,
)) as [{ warehouse: number; product: number; month: string }];

// keyset positions deep in the list: after the 100,000th and the 1,000,000th row (newest first)
const cursorAt = async (offset: number) => {
  const [row] = await queryRows<{ cursor: string }>(
    db,
    sql`select received_on::text || '.' || id as cursor from batches order by received_on desc, id desc offset ${offset} limit 1`,
  );
  return row!.cursor;
};
const deepCursors = [await cursorAt(100_000), await cursorAt(500_000), await cursorAt(1_000_000)];

const scenarios: [string, string[]][] = [
  ['page 1 (newest first)', ['/api/incomes/all-projection?page=1&size=25']],
  [
    'deep pages 400 / 4,000 / 10,000',
    ['/api/incomes/all-projection?page=400&size=25', '/api/incomes/all-projection?page=4000&size=25', '/api/incomes/all-projection?page=10000&size=100'],
  ],
  ['deep pages by keyset cursor (after row 100,000 / 500,000 / 1,000,000)', deepCursors.map((c) => `/api/incomes/all-projection?after=${c}&size=25`)],
  [
    'filters: warehouse, month, product, search',
    [
      `/api/incomes/all-projection?warehouseId=${warehouse}&page=3&size=50`,
      `/api/incomes/all-projection?from=${month}-01&to=${month}-28&page=2&size=25`,
      `/api/incomes/all-projection?productId=${product}&size=25`,
      `/api/incomes/all-projection?q=${encodeURIComponent('Парацетамол')}&size=25`,
      `/api/incomes/all-projection?q=${encodeURIComponent('amoksitsillin')}&page=2&size=25&sort=expiryDate`,
    ],
  ],
];

// one request at a time first: what a single user waits for
for (const path of [
  '/api/incomes/all-projection?page=1&size=25',
  '/api/incomes/all-projection?page=4000&size=25',
  '/api/incomes/all-projection?page=40000&size=25',
  `/api/incomes/all-projection?after=${deepCursors[2]}&size=25`,
]) {
  const query = allProjectionQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const single = await timeCalls(`single: ${path.split('?')[1]}`, 20, 1, () => incomeProjection(db, query));
  console.log(`${single.label}: p50 ${single.p50} ms`);
}

const bare = await startBare(async (url) => incomeProjection(db, allProjectionQuery.parse(Object.fromEntries(url.searchParams))));
for (const [name, paths] of scenarios) {
  const queries = paths.map((p) => allProjectionQuery.parse(Object.fromEntries(new URL(p, 'http://x').searchParams)));
  const rows: HttpFigures[] = [
    await load('GET /api/incomes/all-projection (auth, rights, validation, JSON)', baseUrl, paths, { seconds, headers }),
    await load('bare node:http + the same service call', bare.baseUrl, paths, { seconds }),
    await timeCalls('the same service call through the driver', 3000, 50, (i) => incomeProjection(db, queries[i % queries.length]!)),
  ];
  printTable(`all-projection over ${total.toLocaleString('en')} batches, 50 connections (${benchDriver}) — ${name}`, rows);
}

bare.server.close();
await app.close();
await database.close();
