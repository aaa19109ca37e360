import { businessDate } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';
import type { WriteOffsParams } from './get-write-offs';

/** Removed-stock history as .xlsx, with the list's filters. */
export const exportWriteOffs = async ({ page: _page, size: _size, ...params }: Partial<WriteOffsParams>) =>
  saveDownload(await api.stock.writeOffs.export({ query: params }), `write-offs-${businessDate()}.xlsx`);
