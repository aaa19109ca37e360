/**
 * Order creation benchmark: POST /api/orders (idempotency key, organization guard, FEFO reservation
 * under row locks, pricing, positions, history, audit — one transaction) from 50 concurrent clients,
 * every request sent twice with the same Idempotency-Key (the two copies race on two connections).
 * Beside it the same createOrder() transaction through the driver (no HTTP) and behind a bare
 * node:http server (HTTP without Fastify: no auth, validation or serialization of the schema).
 * Then one hot product with little stock in every order, and the checks: no batch reserved beyond
 * its stock, reservations = positions (per order and batch), one order per key, 201s = orders.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { benchDatabase, startApp, startBare, timeCalls, printTable, benchDriver, type HttpFigures } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { seedPlatformDemo } from '../apps/server/src/seed/demo.js';
import { seedStockDemo } from '../apps/server/src/seed/stock.js';
import { loadActor } from '../apps/server/src/modules/users/users.service.js';
import { createOrder } from '../apps/server/src/modules/orders/order-lines.service.js';
import { AppError } from '../apps/server/src/platform/errors.js';
import type { Actor } from '../apps/server/src/platform/auth.js';

const KEYS = Number(process.env.BENCH_ORDER_KEYS ?? 1_500);
const HOT_KEYS = Number(process.env.BENCH_HOT_KEYS ?? 500);
const HOT_STOCK = 400;
const REPS = 50;
const ORGS = 500;
const CONNECTIONS = 50;

const database = await benchDatabase('order_create');
const { db } = database;
console.log(`driver: ${benchDriver}; demo catalog and stock, ${REPS} reps, ${ORGS} organizations…`);
await seedPlatformDemo(db);
await seedStockDemo(db);
await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
  select 'Представитель ' || g, 'bench.rep' || g, 'x', 'Медицинский представитель', 'rep', (select id from users where login = 'chief'), '{}' from generate_series(1, ${REPS}) g`);
await db.execute(
  sql`insert into user_territories (user_id, region_id) select u.id, r.id from users u, regions r where r.code = 'TK' and u.login like 'bench.rep%'`,
);
await db.execute(sql`
  with d as (select row_number() over (order by d.id) - 1 as i, d.id, d.region_id from districts d join regions r on r.id = d.region_id where r.code = 'TK'),
  n as (select count(*) as n from d)
  insert into organizations (name, type, region_id, district_id, address, lat, lng, phone, inn, responsible_person, delivery_region_id, delivery_district_id, delivery_address, search_key, name_key)
  select 'Аптека Шифо №' || g, 'pharmacy', d.region_id, d.id, 'ул. Бобура, ' || g, 41.3 + (g % 100) * 0.001, 69.24 + (g % 97) * 0.001,
    '+99890' || lpad(g::text, 7, '0'), lpad((200000000 + g)::text, 9, '0'), 'Responsible ' || g, d.region_id, d.id, 'ул. Бобура, ' || g, 'apteka ' || g, 'apteka ' || g
  from generate_series(1, ${ORGS}) g join d on d.i = g % (select n from n)`);
// plenty of stock for the throughput runs, so that none ends for want of it
await db.execute(sql`update batches set on_hand = on_hand + 1000000, received_quantity = received_quantity + 1000000
  where status = 'available' and expiry_date >= current_date + 30`);
await db.execute(sql`vacuum analyze`);

const products = (
  await queryRows<{ id: number }>(
    db,
    sql`select product_id as id from batches where status = 'available' and expiry_date >= current_date + 30
  group by product_id order by count(*) desc, product_id limit 201`,
  )
).map((r) => r.id);
const hot = products.pop()!;
// the hot product: exactly HOT_STOCK free units over all its batches (any expiry), so the last orders find none
await db.execute(sql`update batches set on_hand = reserved where product_id = ${hot}`);
await db.execute(sql`update batches set on_hand = reserved + ${HOT_STOCK / 4}, received_quantity = greatest(received_quantity, reserved + ${HOT_STOCK / 4})
  where id in (select id from batches where product_id = ${hot} and status = 'available' and expiry_date >= current_date + 30 order by expiry_date, id limit 4)`);
const freeOf = async (productId: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db,
        sql`select coalesce(sum(on_hand - reserved), 0)::int as n from batches where product_id = ${productId} and status = 'available'`,
      )
    )[0]!.n,
  );
const orgs = (await queryRows<{ id: number }>(db, sql`select id from organizations order by id desc limit ${ORGS}`)).map((r) => r.id);
const repIds = (await queryRows<{ id: number }>(db, sql`select id from users where login like 'bench.rep%' order by id`)).map((r) => r.id);
const actors = new Map<number, Actor>();
for (const id of repIds) actors.set(id, (await loadActor(db, id))!);

// request n carries key n/2 (two copies of every key, sent one after the other on two connections)
const repOf = (k: number) => repIds[k % repIds.length]!;
const keyOf = (phase: string, k: number) => `bench-${phase}-${String(k).padStart(6, '0')}`;
const bodyOf = (k: number, hotLine: boolean) => ({
  organizationId: orgs[(k * 7) % orgs.length]!,
  deliveryAddress: "Bunyodkor ko'chasi, 12",
  comment: 'bench',
  positions: hotLine
    ? [
        { productId: hot, quantity: 1 + (k % 3) },
        { productId: products[(k * 13) % products.length]!, quantity: 1 },
      ]
    : [0, 1, 2].map((j) => ({ productId: products[(k * 7919 + j * 67) % products.length]!, quantity: 1 + ((k + j) % 3) })),
});

const { app, baseUrl } = await startApp(database);
const tokens = new Map(repIds.map((id) => [id, `Bearer ${app.jwt.sign({ sub: String(id) })}`]));
const codes: Record<string, Record<number, number>> = {};
const count = (label: string, status: number) => {
  codes[label] ??= {};
  codes[label][status] = (codes[label][status] ?? 0) + 1;
};

/** 2 × keys POSTs at 50 connections, autocannon's own latency; `url` the server, `path` per request. */
async function post(label: string, url: string, phase: string, keys: number, hotLine: boolean, bare = false): Promise<HttpFigures> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: keys * 2,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const i = n++;
          const k = Math.floor(i / 2);
          return {
            ...req,
            method: 'POST',
            path: bare ? `/?phase=${phase}&k=${k}` : '/api/orders',
            headers: { 'content-type': 'application/json', authorization: tokens.get(repOf(k))!, 'idempotency-key': keyOf(phase, k) },
            body: JSON.stringify(bodyOf(k, hotLine)),
          };
        },
        // the bare server answers 200 with the service's own status in the body
        onResponse: (status: number, body: string) => count(label, bare && status === 200 ? (JSON.parse(body) as { status: number }).status : status),
      },
    ],
  });
  const created = (codes[label]?.[201] ?? 0) as number;
  return {
    label: `${label} — ${Math.round(created / result.duration)} orders/s`,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + (result.non2xx - (codes[label]?.[409] ?? 0)),
  };
}

/** createOrder() itself, each key twice: answers whether it created, replayed or found no stock. */
async function call(phase: string, k: number, hotLine: boolean) {
  const actor = actors.get(repOf(k))!;
  try {
    const { created } = await createOrder(db, actor, bodyOf(k, hotLine), keyOf(phase, k));
    return created ? 201 : 200;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_STOCK') return 409;
    throw error;
  }
}
async function driver(label: string, phase: string, keys: number, hotLine: boolean, concurrency = CONNECTIONS, copies = 2) {
  const started = performance.now();
  const figures = await timeCalls(label, keys * copies, concurrency, async (i) => count(label, await call(phase, Math.floor(i / copies), hotLine)));
  const created = codes[label]?.[201] ?? 0;
  return { ...figures, label: `${label} — ${Math.round(created / ((performance.now() - started) / 1000))} orders/s` };
}

const bare = await startBare(async (url) => ({ status: await call(url.searchParams.get('phase')!, Number(url.searchParams.get('k')), false) }));

const hotFree = await freeOf(hot);
// the demo stock has its own order-type holds (documents like ЗК-001000): the checks look at the reservations made here
const firstReservation = Number((await queryRows<{ n: number }>(db, sql`select coalesce(max(id), 0)::int + 1 as n from reservations`))[0]!.n);
const rows = [
  await post('POST /api/orders, 3 lines, each key twice', baseUrl, 'api', KEYS, false),
  await driver('createOrder() through the driver, each key twice', 'driver', KEYS, false),
  await post('bare node:http + createOrder(), each key twice', bare.baseUrl, 'bare', KEYS, false, true),
  // the transaction's own latency, nobody waiting on its locks
  await driver('createOrder() through the driver, 1 in flight, each key once', 'single', 100, false, 1, 1),
  await post(`POST /api/orders, a hot product (${hotFree} units free) in every order`, baseUrl, 'hot', HOT_KEYS, true),
];
printTable(`Order creation with reservation, ${CONNECTIONS} concurrent clients (${benchDriver})`, rows);
console.log('answers by status:', JSON.stringify(codes));

// ---------------------------------------------------------------- checks

const [check] = await queryRows<{
  batches: number;
  oversold: number;
  counterWrong: number;
  reserved: number;
  ordered: number;
  mismatched: number;
  orders: number;
  keys: number;
  keysWithoutOrder: number;
  ordersWithoutKey: number;
}>(
  db,
  sql`select
    (select count(*)::int from batches) as batches,
    (select count(*)::int from batches where reserved > on_hand or reserved < 0) as oversold,
    (select count(*)::int from batches b where b.reserved <> coalesce((select sum(r.quantity) from reservations r where r.batch_id = b.id and r.status = 'active'), 0)) as "counterWrong",
    (select coalesce(sum(quantity), 0)::int from reservations where document_type = 'order' and status = 'active' and id >= ${firstReservation}) as reserved,
    (select coalesce(sum(quantity), 0)::int from order_positions) as ordered,
    (select count(*)::int from (
      select coalesce(p.order_id, r.order_id) from
        (select order_id, batch_id, sum(quantity) as q from order_positions group by 1, 2) p
        full join (select document_id::int as order_id, batch_id, sum(quantity) as q from reservations where document_type = 'order' and status = 'active' and id >= ${firstReservation} group by 1, 2) r
        on r.order_id = p.order_id and r.batch_id = p.batch_id
      where p.q is distinct from r.q) x) as mismatched,
    (select count(*)::int from orders) as orders,
    (select count(distinct (user_id, key))::int from order_idempotency_keys) as keys,
    (select count(*)::int from order_idempotency_keys where order_id is null) as "keysWithoutOrder",
    (select count(*)::int from orders o where not exists (select 1 from order_idempotency_keys k where k.order_id = o.id)) as "ordersWithoutKey"`,
);
const c = check!;
const created = Object.values(codes).reduce((s, byStatus) => s + (byStatus[201] ?? 0), 0);
const hotOrdered = Number(
  (await queryRows<{ n: number }>(db, sql`select coalesce(sum(quantity), 0)::int as n from order_positions where product_id = ${hot}`))[0]!.n,
);
const hotLeft = await freeOf(hot);
const failures = [
  c.oversold !== 0 && `${c.oversold} batches reserved beyond their stock`,
  c.counterWrong !== 0 && `${c.counterWrong} batches whose reserved counter differs from their active reservations`,
  c.reserved !== c.ordered && `order reservations ${c.reserved} ≠ order positions ${c.ordered}`,
  c.mismatched !== 0 && `${c.mismatched} (order, batch) pairs whose positions differ from their reservations`,
  c.orders !== c.keys && `${c.orders} orders for ${c.keys} distinct keys`,
  c.keysWithoutOrder + c.ordersWithoutKey !== 0 && `${c.keysWithoutOrder} keys without an order, ${c.ordersWithoutKey} orders without a key`,
  created !== c.orders && `${created} answers 201 for ${c.orders} orders`,
  hotOrdered !== hotFree - hotLeft && `hot product: ${hotOrdered} units ordered, but ${hotFree - hotLeft} left its free stock`,
].filter(Boolean);
console.log(
  `${c.orders.toLocaleString('en')} orders for ${c.keys.toLocaleString('en')} distinct keys (${created.toLocaleString('en')} answers 201, the second copies answered 200 or, without stock, 409); ` +
    `batches reserved beyond their stock: ${c.oversold} of ${c.batches.toLocaleString('en')}; reserved counters off: ${c.counterWrong}; ` +
    `units reserved for orders ${c.reserved.toLocaleString('en')} = units in order positions ${c.ordered.toLocaleString('en')}; (order, batch) mismatches: ${c.mismatched}; ` +
    `hot product: ${hotOrdered} of ${hotFree} free units ordered, ${hotLeft} left`,
);
if (failures.length) {
  console.error(`FAILED: ${failures.join('; ')}`);
  process.exitCode = 1;
} else console.log('zero oversell, zero duplicates');

bare.server.close();
await app.close();
await database.close();
