import { searchMatches, searchText, type PriceListRow, type StockByProductRow } from '@pharma/contracts';

/** A product of the kept price list: its free stock by warehouse and the price FEFO's first batch sells at. */
export interface KeptProductStock extends Pick<StockByProductRow, 'productId' | 'productName' | 'producerName' | 'free' | 'nearestExpiry' | 'shortDated'> {
  salePrice: number;
  warehouses: { id: number; name: string; free: number }[];
}

/** The kept price list (per product and warehouse) by product, those answering `q` when given, by name. */
export function keptStockByProduct(rows: readonly PriceListRow[], q?: string): KeptProductStock[] {
  const byProduct = new Map<number, KeptProductStock>();
  for (const b of rows) {
    if (b.free <= 0) continue;
    let row = byProduct.get(b.productId);
    if (!row) {
      if (q && !searchMatches(searchText(b.productName, b.producerName, b.barcode), q)) continue;
      row = {
        productId: b.productId,
        productName: b.productName,
        producerName: b.producerName,
        free: 0,
        nearestExpiry: b.nearestExpiry,
        shortDated: b.shortDated,
        salePrice: b.salePrice,
        warehouses: [],
      };
      byProduct.set(b.productId, row);
    }
    row.free += b.free;
    // the price of the batch FEFO takes first, of whichever warehouse
    if (b.nearestExpiry < (row.nearestExpiry ?? b.nearestExpiry)) {
      row.nearestExpiry = b.nearestExpiry;
      row.shortDated = b.shortDated;
      row.salePrice = b.salePrice;
    }
    row.warehouses.push({ id: b.warehouseId, name: b.warehouseName, free: b.free });
  }
  return [...byProduct.values()].sort((a, b) => a.productName.localeCompare(b.productName));
}
