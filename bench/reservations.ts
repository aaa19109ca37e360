/**
 * Reservation benchmark: the FEFO reservation service (row locks, all or nothing) as an order's lines
 * call it, 50 at a time, spread over 200 products and all on one hot product (there is no HTTP route of
 * its own: decision 021; POST /api/orders is bench/order-create.ts). Checks afterwards that every
 * batch's reserved count equals its active reservations.
 */
import { sql } from 'drizzle-orm';
import { benchDatabase, timeCalls, printTable, benchDriver } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { seedPlatformDemo } from '../apps/server/src/seed/demo.js';
import { seedStockDemo } from '../apps/server/src/seed/stock.js';
import { loadActor } from '../apps/server/src/modules/users/users.service.js';
import { reserve } from '../apps/server/src/modules/stock/reservations.service.js';

const database = await benchDatabase('reservations');
const { db } = database;
console.log(`driver: ${benchDriver}; demo catalog and stock…`);
await seedPlatformDemo(db);
await seedStockDemo(db);
// plenty of stock so that no run ends for want of it
await db.execute(sql`update batches set on_hand = on_hand + 1000000, received_quantity = received_quantity + 1000000
  where status = 'available' and expiry_date >= current_date + 30`);
await db.execute(sql`vacuum analyze`);
const hot = (
  await queryRows<{ id: number }>(
    db,
    sql`select product_id as id from batches where status = 'available' and expiry_date >= current_date + 30
  group by product_id order by count(*) desc, product_id limit 200`,
  )
).map((r) => r.id);
const [{ id: repId }] = (await queryRows<{ id: number }>(db, sql`select id from users where login = 'rep'`)) as [{ id: number }];
const actor = (await loadActor(db, repId))!;

let n = 0;
const line = (productOf: (i: number) => number) => (i: number) => ({
  productId: productOf(i),
  quantity: 1 + (i % 3),
  documentType: 'order' as const,
  documentId: `BENCH-${++n}`,
  minShelfLifeDays: 0,
});
const spread = (i: number) => hot[(i * 7919) % hot.length]!;
const single = () => hot[0]!;

const rows = [
  await timeCalls('reserve(), 200 products', 4000, 50, (i) => reserve(db, actor, line(spread)(i))),
  await timeCalls('reserve(), one hot product', 2000, 50, (i) => reserve(db, actor, line(single)(i))),
];
printTable(`Reservations (FEFO, locked, all or nothing), 50 concurrent clients (${benchDriver})`, rows);

const [check] = await queryRows<{ batches: number; wrong: number; reservations: number }>(
  db,
  sql`select count(*)::int as batches,
    count(*) filter (where b.reserved <> coalesce((select sum(r.quantity) from reservations r where r.batch_id = b.id and r.status = 'active'), 0))::int as wrong,
    (select count(*)::int from reservations) as reservations
  from batches b`,
);
console.log(
  `${check!.reservations.toLocaleString('en')} reservations made; batches whose reserved count differs from their active reservations: ${check!.wrong}`,
);

await database.close();
