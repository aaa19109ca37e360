import { inArray, sql } from 'drizzle-orm';
import {
  addDays,
  businessDate,
  daysBetween,
  ean13,
  latinToCyrillic,
  percentToBp,
  pricePosition,
  priceTotals,
  salePrice,
  searchKey,
  type Country,
  type MedicationStatus,
  type UnitOfMeasure,
  type WriteOffReason,
} from '@pharma/contracts';
import type { Db, Tx } from '../db/client.js';
import { seededRandom } from './random.js';
import { users } from '../modules/users/users.table.js';
import { regions } from '../modules/regions/regions.table.js';
import { categories, producers, products } from '../modules/catalog/catalog.table.js';
import { warehouses } from '../modules/warehouses/warehouses.table.js';
import { incomes } from '../modules/incomes/incomes.table.js';
import { batches, writeOffs } from '../modules/stock/stock.table.js';
import { reservations } from '../modules/stock/reservations.table.js';
import { categoryMarkups, tradeSettings } from '../modules/pricing/pricing.table.js';
import { demoBrands, demoCategories, demoGenerics, demoProducers, demoSuppliers, demoWarehouses, gs1Prefix, type CategoryKey } from './drugs.js';

async function insertChunks<T extends Record<string, unknown>>(db: Tx, table: Parameters<Tx['insert']>[0], rows: T[], size = 500) {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as never);
}

const setSequence = (db: Tx, table: string) =>
  db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`));

const shiftInstant = (date: string, minutes: number) => new Date(new Date(`${date}T09:00:00+05:00`).getTime() + minutes * 60_000);

/**
 * Demo data of catalog and stock: ≈ 2,000 products of real producers, five
 * warehouses, a year of incomes (≈ 7,000 batches, some expired, some expiring
 * soon), write-offs, quarantined and recalled batches, reservations of the demo
 * reps, and the prepayments and markups settings. Multi-row inserts in one
 * transaction: a few seconds on PGlite.
 */
export async function seedStockDemo(db: Db, now = new Date()) {
  const r = seededRandom(20_261_122);
  const today = businessDate(now);
  const logins = ['employee', 'rep', 'rep.malika', 'rep.sardor', 'rep.aziza', 'rep.bekzod', 'wholesale', 'operator'];
  const userRows = await db.select({ id: users.id, login: users.login }).from(users).where(inArray(users.login, logins));
  const userId = (login: string) => userRows.find((u) => u.login === login)?.id ?? null;
  const storekeeper = userId('employee') ?? userRows[0]?.id ?? null;
  const regionRows = await db.select({ id: regions.id, code: regions.code }).from(regions);

  await db.transaction(async (tx) => {
    // ---- producers
    const producerRows = demoProducers.map((p, i) => ({ id: i + 1, name: p.name, country: p.country, searchKey: searchKey(p.name) }));
    await insertChunks(tx, producers, producerRows);
    const producerByName = new Map(producerRows.map((p) => [p.name, p]));
    const genericMakers = demoProducers.filter((p) => p.generics).map((p) => producerByName.get(p.name)!);

    // ---- categories with subcategories (the Cyrillic Uzbek spelling is transliterated)
    const categoryRows: { id: number; parentId: number | null; name: { ru: string; en: string; 'uz-Latn': string; 'uz-Cyrl': string } }[] = [];
    const categoryId = new Map<string, number>();
    for (const c of demoCategories) {
      const id = categoryRows.length + 1;
      categoryRows.push({ id, parentId: null, name: { ru: c.ru, en: c.en, 'uz-Latn': c.uz, 'uz-Cyrl': latinToCyrillic(c.uz) } });
      categoryId.set(c.key, id);
      for (const [key, s] of Object.entries(c.subs)) {
        const subId = categoryRows.length + 1;
        categoryRows.push({ id: subId, parentId: id, name: { ru: s.ru, en: s.en, 'uz-Latn': s.uz, 'uz-Cyrl': latinToCyrillic(s.uz) } });
        categoryId.set(`${c.key}.${key}`, subId);
      }
    }
    await insertChunks(tx, categories, categoryRows);
    const priceRange = new Map(demoCategories.map((c) => [c.key, c.price]));

    // ---- products: every generic form by several makers, and the brands
    interface DemoProduct {
      id: number;
      name: string;
      producerId: number;
      producerName: string;
      country: Country;
      unit: UnitOfMeasure;
      category: CategoryKey;
      sub?: string;
      basePrice: number;
      brand: boolean;
    }
    const catalog: DemoProduct[] = [];
    const add = (
      name: string,
      maker: { id: number; name: string; country: Country },
      category: CategoryKey,
      sub: string | undefined,
      unit: UnitOfMeasure,
      brand: boolean,
    ) => {
      const [min, max] = priceRange.get(category)!;
      const base = min + (max - min) * r.next() ** 2 * (brand ? 1 : 0.45);
      const factor = maker.country === 'IN' || maker.country === 'CN' || maker.country === 'UZ' ? 0.8 : 1;
      catalog.push({
        id: catalog.length + 1,
        name,
        producerId: maker.id,
        producerName: maker.name,
        country: maker.country,
        unit,
        category,
        sub,
        basePrice: Math.max(500, Math.round((base * factor) / 100) * 100) * 100,
        brand,
      });
    };
    for (const g of demoGenerics) {
      for (const form of g.forms) {
        const makers = new Set<(typeof genericMakers)[number]>();
        const wanted = r.int(5, 9);
        while (makers.size < wanted) makers.add(r.pick(genericMakers));
        for (const maker of makers) add(`${g.name} ${form}`, maker, g.category, g.sub, g.unit ?? 'package', false);
      }
    }
    for (const b of demoBrands) {
      const maker = producerByName.get(b.producer)!;
      for (const form of b.forms) add(`${b.name} ${form}`, maker, b.category, b.sub, 'package', true);
    }
    const serialByPrefix = new Map<string, number>();
    const denialNotes = ['Нет регистрационного удостоверения', 'Не входит в формуляр клиники', 'Цена выше, чем у аналогов'];
    const productRows = catalog.map((p) => {
      const prefix = gs1Prefix[p.country] ?? '478';
      const serial = (serialByPrefix.get(prefix) ?? 10_000) + 1;
      serialByPrefix.set(prefix, serial);
      const barcode = ean13(`${prefix}${String(p.producerId).padStart(3, '0')}${String(serial).padStart(6, '0')}`.slice(0, 12));
      const roll = r.next();
      const status: MedicationStatus = roll < 0.75 ? 'acquainted' : roll < 0.92 ? 'pending' : 'denied';
      return {
        id: p.id,
        name: p.name,
        producerId: p.producerId,
        country: p.country,
        unit: p.unit,
        price: salePrice(p.basePrice, 20, 12),
        weightG: demoUnitWeight(p.name, p.unit, ((p.id * 7919) % 101) / 100),
        barcode,
        categoryId: categoryId.get(p.category)!,
        subcategoryId: p.sub ? categoryId.get(`${p.category}.${p.sub}`)! : null,
        medicationStatus: status,
        medicationStatusNote: status === 'denied' ? r.pick(denialNotes) : null,
        medicationStatusAt: status === 'pending' ? null : shiftInstant(addDays(today, -r.int(1, 360)), r.int(0, 480)),
        medicationStatusBy: status === 'pending' ? null : storekeeper,
        active: r.next() > 0.01,
        searchKey: searchKey(`${p.name} ${p.producerName} ${barcode}`),
      };
    });
    await insertChunks(tx, products, productRows);

    // ---- warehouses
    const warehouseRows = demoWarehouses.map((w, i) => ({
      id: i + 1,
      name: w.name,
      address: w.address,
      lat: w.lat,
      lng: w.lng,
      regionId: regionRows.find((x) => x.code === w.region)?.id ?? null,
    }));
    await insertChunks(tx, warehouses, warehouseRows);
    const warehouseWeights = demoWarehouses.flatMap((w, i) => Array.from({ length: w.weight }, () => i + 1));

    // ---- a year of incomes; every line a batch
    type BatchRow = typeof batches.$inferInsert & { id: number; onHand: number; reserved: number };
    const incomeRows: (typeof incomes.$inferInsert)[] = [];
    const batchRows: BatchRow[] = [];
    const sellable = catalog.filter((_, i) => productRows[i]!.active);
    for (let day = 364; day >= 0; day--) {
      const date = addDays(today, -day);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0) continue;
      const count = (r.next() < 0.8 ? 1 : 0) + (r.next() < 0.25 ? 1 : 0);
      for (let k = 0; k < count; k++) {
        const id = incomeRows.length + 1;
        const warehouseId = r.pick(warehouseWeights);
        const markupPercent = r.pick([15, 15, 15, 12, 18, 20]);
        const chosen = new Set<DemoProduct>();
        const size = r.int(12, 30);
        while (chosen.size < size) chosen.add(r.pick(sellable));
        const priced = [];
        for (const p of chosen) {
          const quantity = p.unit === 'kg' ? r.int(5, 50) : p.unit === 'piece' ? r.int(5, 60) * 10 : r.int(2, 40) * 10;
          const drift = 1 + (r.next() - 0.5) * 0.1;
          const basePrice = Math.round((p.basePrice * drift) / 100) * 100;
          const lineMarkup = r.next() < 0.1 ? r.pick([0, 10, 25]) : markupPercent;
          const line = pricePosition({ basePrice, quantity, vatPercent: 12, markupPercent: lineMarkup });
          priced.push(line);
          // shelf life: mostly 2–3 years from manufacture; some short-lived lots expire within the year
          const manufactured = addDays(date, -r.int(20, 200));
          let expiryDate = addDays(manufactured, r.pick([730, 730, 1095, 545]));
          if (r.next() < 0.08) expiryDate = addDays(date, r.int(25, 420));
          if (expiryDate <= date) expiryDate = addDays(date, 30);
          const age = daysBetween(date, today);
          const sold = Math.min(0.98, (age / 240) * (0.4 + r.next()));
          const onHand = quantity - Math.floor(quantity * sold);
          batchRows.push({
            id: batchRows.length + 1,
            productId: p.id,
            warehouseId,
            incomeId: id,
            receivedOn: date,
            series:
              r.next() < 0.5
                ? `${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${r.int(10_000, 99_999)}`
                : `${manufactured.slice(2, 4)}${manufactured.slice(5, 7)}${r.int(100, 999)}`,
            serialNumber: r.next() < 0.08 ? `SN${r.int(100_000, 999_999)}` : null,
            expiryDate,
            receivedQuantity: quantity,
            onHand,
            reserved: 0,
            basePrice,
            vatBp: percentToBp(12),
            basePriceWithVat: line.basePriceWithVat,
            markupBp: percentToBp(lineMarkup),
            salePrice: line.salePrice,
            createdAt: shiftInstant(date, r.int(0, 480)),
            updatedAt: shiftInstant(date, r.int(0, 480)),
          });
        }
        const totals = priceTotals(priced);
        const supplier = r.pick(demoSuppliers);
        const number = `ПР-${String(id).padStart(6, '0')}`;
        const invoice = `${r.pick(['СФ', 'INV', 'ТТН'])}-${r.int(1000, 99_999)}`;
        incomeRows.push({
          id,
          number,
          date,
          warehouseId,
          supplier,
          supplierInvoice: invoice,
          comment: null,
          vatBp: percentToBp(12),
          markupBp: percentToBp(markupPercent),
          lineCount: priced.length,
          quantity: totals.quantity,
          sumBase: totals.sumBase,
          sumBaseWithVat: totals.sumBaseWithVat,
          sumSale: totals.sumSale,
          searchKey: searchKey(`${number} ${supplier} ${invoice}`),
          createdBy: storekeeper,
          createdAt: shiftInstant(date, r.int(0, 480)),
        });
      }
    }

    // ---- write-offs: most expired leftovers, and some breakage and shortages
    const writeOffRows: (typeof writeOffs.$inferInsert)[] = [];
    const writeOff = (b: BatchRow, quantity: number, reason: WriteOffReason, date: string, comment: string | null) => {
      b.onHand -= quantity;
      writeOffRows.push({
        batchId: b.id,
        quantity,
        reason,
        comment,
        sumBaseWithVat: quantity * (b.basePriceWithVat as number),
        createdBy: storekeeper!,
        createdAt: shiftInstant(date, r.int(0, 480)),
      });
    };
    if (storekeeper) {
      for (const b of batchRows) {
        if (b.expiryDate < today && b.onHand > 0 && r.next() < 0.5) {
          const when = addDays(b.expiryDate as string, r.int(1, 20));
          writeOff(b, b.onHand, 'expired', when > today ? today : when, 'Истёк срок годности, передано на уничтожение');
        }
      }
      for (let i = 0; i < 80; i++) {
        const b = r.pick(batchRows);
        if (b.onHand < 5) continue;
        const reason = r.pick<WriteOffReason>(['damaged', 'damaged', 'defect', 'lost']);
        const comment =
          reason === 'damaged' ? 'Повреждена упаковка при транспортировке' : reason === 'defect' ? 'Брак производителя' : 'Недостача по итогам инвентаризации';
        writeOff(b, r.int(1, 3), reason, addDays(b.receivedOn as string, r.int(0, Math.max(0, daysBetween(b.receivedOn as string, today)))), comment);
      }
    }

    // ---- blocked batches
    const inDate = batchRows.filter((b) => b.expiryDate >= today && b.onHand > 10);
    for (let i = 0; i < 12; i++) Object.assign(r.pick(inDate), { status: 'quarantine', statusReason: 'Ожидает заключения лаборатории по контролю качества' });
    for (let i = 0; i < 5; i++)
      Object.assign(r.pick(inDate), { status: 'recalled', statusReason: 'Отзыв серии по письму Агентства по развитию фармацевтической отрасли' });

    // ---- reservations of the demo reps: holds taken during visits
    const reservationRows: (typeof reservations.$inferInsert)[] = [];
    const reps = ['rep', 'rep.malika', 'rep.sardor', 'rep.aziza', 'rep.bekzod', 'wholesale'].map(userId).filter((id): id is number => id !== null);
    const reservable = batchRows.filter((b) => (b.status ?? 'available') === 'available' && b.expiryDate >= today && b.onHand - b.reserved >= 3);
    if (reps.length) {
      // the orders' reservations come with the demo orders (seedOrdersDemo); here the reps' holds taken during visits
      for (let i = 0; i < 220; i += 9) {
        const b = r.pick(reservable);
        const quantity = Math.min(r.int(1, 3), b.onHand - b.reserved);
        if (quantity <= 0) continue;
        b.reserved += quantity;
        const createdAt = new Date(now.getTime() - r.int(5, 120) * 60_000);
        reservationRows.push({
          batchId: b.id,
          productId: b.productId,
          quantity,
          documentType: 'visit',
          documentId: `ВЗ-${String(2000 + i).padStart(6, '0')}`,
          createdBy: r.pick(reps),
          createdAt,
          expiresAt: new Date(now.getTime() + r.int(60, 8 * 60) * 60_000),
        });
      }
    }

    await insertChunks(tx, incomes, incomeRows);
    await insertChunks(tx, batches, batchRows, 400);
    await insertChunks(tx, writeOffs, writeOffRows);
    await insertChunks(tx, reservations, reservationRows);
    for (const table of ['producers', 'categories', 'products', 'warehouses', 'incomes', 'batches']) await setSequence(tx, table);

    // ---- Settings → prepayments and markups
    await tx
      .insert(tradeSettings)
      .values({ id: 1, vatBp: 1200, wholesaleMarkupBp: 1000, retailMarkupBp: 2000, prepaymentBp: 3000, shortDatedDays: 90, updatedBy: userId('operator') });
    await tx.insert(categoryMarkups).values([
      { categoryId: categoryId.get('antibiotics')!, wholesaleBp: 800, retailBp: 1800 },
      { categoryId: categoryId.get('vitamins')!, wholesaleBp: 1200, retailBp: 3000 },
      { categoryId: categoryId.get('supplies')!, wholesaleBp: 1500, retailBp: 2500 },
      { categoryId: categoryId.get('infusions')!, wholesaleBp: 700, retailBp: null },
    ]);
  });
}

/** A plausible weight of one unit in grams from the product's form: syrups are heavy, ampoules and tablets light. */
function demoUnitWeight(name: string, unit: UnitOfMeasure, roll: number): number {
  if (unit === 'kg') return 1000;
  const n = name.toLowerCase();
  const [min, max] = /сироп|суспенз|р-р д\/приема|флакон|мл/.test(n)
    ? [140, 280]
    : /мазь|гель|крем|спрей|капли/.test(n)
      ? [30, 90]
      : /ампул|р-р д\/ин|инъекц/.test(n)
        ? [25, 70]
        : unit === 'piece'
          ? [5, 25]
          : [15, 50];
  return Math.round(min + (max - min) * roll);
}
