import { eq, sql } from 'drizzle-orm';
import { addDays, businessDate, ean13, pricePosition, searchKey, type Country } from '@pharma/contracts';
import type { Db } from '../db/client.js';
import { categories, producers, products } from '../modules/catalog/catalog.table.js';
import { warehouses } from '../modules/warehouses/warehouses.table.js';
import { incomes } from '../modules/incomes/incomes.table.js';
import { batches } from '../modules/stock/stock.table.js';

/** Test data for catalog and stock, inserted straight into the tables (like makeUser). */
export const today = () => businessDate();
export const inDays = (n: number) => addDays(businessDate(), n);

let counter = 0;
const next = () => ++counter;

export async function makeProducer(db: Db, name = `Producer ${next()}`, country: Country = 'UZ') {
  const [row] = await db
    .insert(producers)
    .values({ name, country, searchKey: searchKey(name) })
    .returning();
  return row!;
}

export async function makeCategory(db: Db, ru: string, parentId: number | null = null) {
  const [row] = await db
    .insert(categories)
    .values({ parentId, name: { ru, en: ru, 'uz-Latn': ru, 'uz-Cyrl': ru } })
    .returning();
  return row!;
}

export async function makeProduct(db: Db, extra: Partial<typeof products.$inferInsert> & { producerId: number }) {
  const n = next();
  const name = extra.name ?? `Product ${n}`;
  const barcode = extra.barcode === undefined ? ean13(`47800${String(n).padStart(7, '0')}`) : extra.barcode;
  const [producer] = await db.select().from(producers).where(eq(producers.id, extra.producerId));
  const [row] = await db
    .insert(products)
    .values({ country: 'UZ', unit: 'package', ...extra, name, barcode, searchKey: searchKey(`${name} ${producer!.name} ${barcode ?? ''}`) })
    .returning();
  return row!;
}

export async function makeWarehouse(db: Db, name = `Warehouse ${next()}`) {
  const [row] = await db.insert(warehouses).values({ name }).returning();
  return row!;
}

/** One batch with its one-line income. Prices: 10 000 sum base, 12 % VAT, 20 % markup unless given. */
export async function makeBatch(
  db: Db,
  b: {
    productId: number;
    warehouseId: number;
    expiryDate: string;
    onHand: number;
    reserved?: number;
    status?: 'available' | 'quarantine' | 'recalled';
    receivedOn?: string;
    basePrice?: number;
    series?: string;
  },
) {
  const n = next();
  const basePrice = b.basePrice ?? 1_000_000;
  const priced = pricePosition({ basePrice, quantity: b.onHand || 1, vatPercent: 12, markupPercent: 20 });
  const receivedOn = b.receivedOn ?? addDays(businessDate(), -30);
  const [income] = await db
    .insert(incomes)
    .values({
      number: `T-${n}`,
      date: receivedOn,
      warehouseId: b.warehouseId,
      supplier: 'Test supplier',
      vatBp: 1200,
      markupBp: 2000,
      lineCount: 1,
      quantity: b.onHand || 1,
      sumBase: priced.sumBase,
      sumBaseWithVat: priced.sumBaseWithVat,
      sumSale: priced.sumSale,
      searchKey: `t-${n}`,
    })
    .returning();
  const [row] = await db
    .insert(batches)
    .values({
      productId: b.productId,
      warehouseId: b.warehouseId,
      incomeId: income!.id,
      receivedOn,
      series: b.series ?? `S${n}`,
      expiryDate: b.expiryDate,
      receivedQuantity: b.onHand || 1,
      onHand: b.onHand,
      reserved: b.reserved ?? 0,
      status: b.status ?? 'available',
      basePrice,
      vatBp: 1200,
      basePriceWithVat: priced.basePriceWithVat,
      markupBp: 2000,
      salePrice: priced.salePrice,
    })
    .returning();
  return row!;
}

export async function batchRow(db: Db, id: number) {
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  return row!;
}

export async function freeOf(db: Db, productId: number) {
  const [row] = await db
    .select({ free: sql<number>`coalesce(sum(${batches.onHand} - ${batches.reserved}), 0)::int` })
    .from(batches)
    .where(eq(batches.productId, productId));
  return row!.free;
}
