import { businessDate } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';
import type { BatchesParams } from './get-batches';

/** Stock by batch as .xlsx, with the list's filters (every page). */
export const exportBatches = async ({ page: _page, size: _size, ...params }: Partial<BatchesParams>) =>
  saveDownload(await api.stock.batches.export({ query: params }), `stock-${businessDate()}.xlsx`);
