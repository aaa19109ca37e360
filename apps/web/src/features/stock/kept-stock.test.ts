import { describe, expect, it } from 'vitest';
import type { PriceListRow } from '@pharma/contracts';
import { keptStockByProduct } from './kept-stock';

const row = (
  productId: number,
  warehouseId: number,
  nearestExpiry: string,
  free: number,
  salePrice: number,
  extra: Partial<PriceListRow> = {},
): PriceListRow => ({
  productId,
  productName: productId === 1 ? 'Парацетамол 500 мг' : 'Ибупрофен 200 мг',
  producerName: 'Nobel',
  barcode: null,
  warehouseId,
  warehouseName: warehouseId === 1 ? 'Ташкент' : 'Самарканд',
  nearestExpiry,
  free,
  salePrice,
  shortDated: false,
  ...extra,
});

describe('the price list kept on the phone', () => {
  const kept = [
    row(1, 1, '2027-05-01', 17, 1_200_00),
    row(1, 2, '2027-01-01', 5, 1_100_00, { shortDated: true }),
    row(2, 2, '2027-03-01', 0, 900_00),
    row(2, 1, '2027-04-01', 3, 950_00),
  ];

  it('sums the free stock by product, keeps it by warehouse, at the price of the batch FEFO takes first', () => {
    expect(keptStockByProduct(kept)).toEqual([
      {
        productId: 2,
        productName: 'Ибупрофен 200 мг',
        producerName: 'Nobel',
        free: 3,
        nearestExpiry: '2027-04-01',
        shortDated: false,
        salePrice: 950_00,
        warehouses: [{ id: 1, name: 'Ташкент', free: 3 }],
      },
      {
        productId: 1,
        productName: 'Парацетамол 500 мг',
        producerName: 'Nobel',
        free: 22,
        nearestExpiry: '2027-01-01',
        shortDated: true,
        salePrice: 1_100_00,
        warehouses: [
          { id: 1, name: 'Ташкент', free: 17 },
          { id: 2, name: 'Самарканд', free: 5 },
        ],
      },
    ]);
  });

  it('answers a search as the server matches it', () => {
    expect(keptStockByProduct(kept, 'парац').map((r) => r.productId)).toEqual([1]);
    expect(keptStockByProduct(kept, 'аспирин')).toEqual([]);
  });
});
