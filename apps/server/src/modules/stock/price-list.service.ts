import { and, asc, eq, sql } from 'drizzle-orm';
import { isShortDated, maxPriceListRows, type PriceList } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { products, producers } from '../catalog/catalog.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { hasFree, reservableCondition, stockContext } from './stock.service.js';
import { batches } from './stock.table.js';

/**
 * GET /api/stock/price-list (issue 16): what a rep's phone keeps to order from offline — per product and
 * warehouse, the free reservable balance, its nearest expiry and the sale price of the batch FEFO takes
 * first; by product name, at most `maxPriceListRows` rows.
 */
export async function priceListOf(db: Db, now: Date): Promise<PriceList> {
  const ctx = await stockContext(db, now);
  const rows = await db
    .select({
      productId: batches.productId,
      productName: products.name,
      producerName: producers.name,
      barcode: products.barcode,
      warehouseId: batches.warehouseId,
      warehouseName: warehouses.name,
      free: sql<number>`sum(${batches.onHand} - ${batches.reserved})::bigint`.mapWith(Number),
      nearestExpiry: sql<string>`min(${batches.expiryDate})::text`,
      salePrice: sql<number>`(array_agg(${batches.salePrice} order by ${batches.expiryDate}, ${batches.id}))[1]`.mapWith(Number),
    })
    .from(batches)
    .innerJoin(products, eq(products.id, batches.productId))
    .innerJoin(producers, eq(producers.id, products.producerId))
    .innerJoin(warehouses, eq(warehouses.id, batches.warehouseId))
    .where(and(reservableCondition(ctx.today), hasFree))
    .groupBy(batches.productId, products.name, producers.name, products.barcode, batches.warehouseId, warehouses.name)
    .orderBy(asc(products.name), asc(batches.productId), asc(batches.warehouseId))
    .limit(maxPriceListRows + 1);
  return {
    items: rows.slice(0, maxPriceListRows).map((r) => ({ ...r, shortDated: isShortDated(r.nearestExpiry, ctx.today, ctx.shortDatedDays) })),
    truncated: rows.length > maxPriceListRows,
  };
}
