import { api } from '../../../lib/api-client';

/** Barcode lookup: the product, or NOT_FOUND. A one-off call (typed or scanned), not a cached query. */
export const getProductByBarcode = (barcode: string) => api.catalog.products.byBarcode({ params: { barcode: barcode.replace(/\s/g, '') } });
