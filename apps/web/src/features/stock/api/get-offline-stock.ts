import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KeptBatch } from '../kept-stock';
import { getResidues } from './get-residues';

/** The most pages of 100 batches a phone keeps (the price list and free stock a rep offers from). */
const offlineStockPages = 20;

/**
 * The price list and free stock of the warehouses on the phone (issue 16): every reservable batch with a
 * free balance (earliest expiry first, as FEFO takes them), at most 2,000, loaded ahead with a rep's
 * days, so the order form's product choice shows prices and free stock without a network.
 */
export const offlineStockQueryOptions = () =>
  queryOptions({
    queryKey: ['stock', 'offline-price-list'],
    queryFn: async ({ signal }): Promise<KeptBatch[]> => {
      const items: KeptBatch[] = [];
      for (let page = 1; page <= offlineStockPages; page++) {
        const answer = await getResidues({ page, size: 100 }, signal);
        for (const b of answer.items)
          items.push({
            productId: b.productId,
            productName: b.productName,
            producerName: b.producerName,
            barcode: b.barcode,
            warehouseId: b.warehouseId,
            warehouseName: b.warehouseName,
            expiryDate: b.expiryDate,
            free: b.free,
            salePrice: b.salePrice,
            state: b.state,
          });
        if (page * 100 >= answer.total || answer.items.length === 0) break;
      }
      return items;
    },
  });

/** The price list kept on the phone, when it has one (never asked for here: the rep's day loads it). */
export function useKeptStock() {
  return useQuery({ ...offlineStockQueryOptions(), enabled: false });
}
