import { businessDate } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import type { BatchesParams } from './get-batches';
import { asQuery } from './query';

/** Stock by batch as .xlsx, with the list's filters (every page). */
export const exportBatches = ({ page: _page, size: _size, ...params }: Partial<BatchesParams>) =>
  api.download('/stock/batches/export', { query: asQuery(params), fallbackName: `stock-${businessDate()}.xlsx` });
