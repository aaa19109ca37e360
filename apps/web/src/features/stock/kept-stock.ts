import { searchMatches, searchText, type Batch, type StockByProductRow } from '@pharma/contracts';

/** A batch as the phone keeps it (issue 16): what the order form's product choice shows, nothing more (bounded size). */
export type KeptBatch = Pick<
  Batch,
  'productId' | 'productName' | 'producerName' | 'barcode' | 'warehouseId' | 'warehouseName' | 'expiryDate' | 'free' | 'salePrice' | 'state'
>;

/** A product of the kept price list: its free stock by warehouse and the price FEFO's first batch sells at. */
export interface KeptProductStock extends Pick<StockByProductRow, 'productId' | 'productName' | 'producerName' | 'free' | 'nearestExpiry' | 'shortDated'> {
  salePrice: number;
  warehouses: { id: number; name: string; free: number }[];
}

/** The kept batches by product (in the order kept: by product, earliest expiry first), those answering `q` when given. */
export function keptStockByProduct(batches: readonly KeptBatch[], q?: string): KeptProductStock[] {
  const byProduct = new Map<number, KeptProductStock>();
  for (const b of batches) {
    if (b.free <= 0) continue;
    let row = byProduct.get(b.productId);
    if (!row) {
      if (q && !searchMatches(searchText(b.productName, b.producerName, b.barcode), q)) continue;
      row = {
        productId: b.productId,
        productName: b.productName,
        producerName: b.producerName,
        free: 0,
        nearestExpiry: b.expiryDate,
        shortDated: b.state === 'shortDated',
        salePrice: b.salePrice,
        warehouses: [],
      };
      byProduct.set(b.productId, row);
    }
    row.free += b.free;
    if (b.expiryDate < (row.nearestExpiry ?? b.expiryDate)) {
      row.nearestExpiry = b.expiryDate;
      row.shortDated = b.state === 'shortDated';
      row.salePrice = b.salePrice;
    }
    const warehouse = row.warehouses.find((w) => w.id === b.warehouseId);
    if (warehouse) warehouse.free += b.free;
    else row.warehouses.push({ id: b.warehouseId, name: b.warehouseName, free: b.free });
  }
  return [...byProduct.values()].sort((a, b) => a.productName.localeCompare(b.productName));
}
