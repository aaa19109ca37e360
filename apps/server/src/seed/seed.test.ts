import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDate, addDays, isValidBarcode } from '@pharma/contracts';
import { queryRows, type Database } from '../db/client.js';
import { openTestDatabase, testDriver } from '../test/test-database.js';
import { seedPlatformDemo } from './demo.js';
import { seedStockDemo } from './stock.js';

let database: Database;
let seconds = 0;
beforeAll(async () => {
  database = await openTestDatabase();
  const started = performance.now();
  await seedPlatformDemo(database.db);
  await seedStockDemo(database.db);
  seconds = (performance.now() - started) / 1000;
}, 120_000);
afterAll(() => database.close());

const one = async <T>(statement: ReturnType<typeof sql>) => (await queryRows<T>(database.db, statement))[0]!;

describe(`demo data of catalog and stock (${testDriver})`, () => {
  it('seeds fast', () => {
    console.log(`demo seed: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(45);
  });

  it('has about 2,000 products with valid EAN-13 barcodes, real producers and categories', async () => {
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from products`);
    expect(n).toBeGreaterThan(1800);
    expect(n).toBeLessThan(2400);
    const codes = await queryRows<{ barcode: string }>(database.db, sql`select barcode from products`);
    expect(codes.every((c) => isValidBarcode(c.barcode))).toBe(true);
    expect(new Set(codes.map((c) => c.barcode)).size).toBe(codes.length);
    const { countries } = await one<{ countries: number }>(sql`select count(distinct country)::int as countries from producers`);
    expect(countries).toBeGreaterThan(10);
    const names = await queryRows<{ name: string }>(
      database.db,
      sql`select name from products where name like 'Парацетамол 500 мг №10' or name like 'Амоксиклав 625 мг №14' or name like 'Нурофен%'`,
    );
    expect(names.length).toBeGreaterThan(3);
  });

  it('has a year of incomes into several warehouses, with expired and short-dated stock', async () => {
    const today = businessDate();
    const s = await one<{ incomes: number; batches: number; warehouses: number; first: string; expired: number; short: number }>(sql`select
      (select count(*)::int from incomes) as incomes, (select count(*)::int from batches) as batches,
      (select count(distinct warehouse_id)::int from incomes) as warehouses, (select min(date)::text from incomes) as first,
      (select count(*)::int from batches where expiry_date < ${today} and on_hand > 0) as expired,
      (select count(*)::int from batches where expiry_date between ${today} and ${addDays(today, 90)} and on_hand > reserved) as short`);
    expect(s.incomes).toBeGreaterThan(200);
    expect(s.batches).toBeGreaterThan(5000);
    expect(s.warehouses).toBe(5);
    expect(s.first <= addDays(today, -330)).toBe(true);
    expect(s.expired).toBeGreaterThan(10);
    expect(s.short).toBeGreaterThan(50);
  });

  it('keeps every invariant: counters, document totals, reservations', async () => {
    const bad = await one<{ counters: number; lines: number; reserved: number }>(sql`select
      (select count(*)::int from batches where reserved > on_hand or on_hand > received_quantity) as counters,
      (select count(*)::int from incomes i where i.line_count <> (select count(*) from batches b where b.income_id = i.id)
         or i.quantity <> (select sum(received_quantity) from batches b where b.income_id = i.id)) as lines,
      (select count(*)::int from batches b where b.reserved <> coalesce((select sum(quantity) from reservations r where r.batch_id = b.id and r.status = 'active'), 0)) as reserved`);
    expect(bad).toEqual({ counters: 0, lines: 0, reserved: 0 });
    const { writeOffs, blocked, holds } = await one<{ writeOffs: number; blocked: number; holds: number }>(sql`select
      (select count(*)::int from write_offs) as "writeOffs", (select count(*)::int from batches where status <> 'available') as blocked,
      (select count(*)::int from reservations where expires_at is not null) as holds`);
    expect(writeOffs).toBeGreaterThan(50);
    expect(blocked).toBeGreaterThan(10);
    expect(holds).toBeGreaterThan(10);
  });
});
