import type { Product } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

/** Barcode lookup: the product, or NOT_FOUND. A one-off call (typed or scanned), not a cached query. */
export const getProductByBarcode = (barcode: string) => api.get<Product>(`/products/by-barcode/${encodeURIComponent(barcode.replace(/\s/g, ''))}`);
