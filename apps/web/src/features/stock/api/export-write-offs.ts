import { businessDate } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import type { WriteOffsParams } from './get-write-offs';
import { asQuery } from './query';

/** Removed-stock history as .xlsx, with the list's filters. */
export const exportWriteOffs = ({ page: _page, size: _size, ...params }: Partial<WriteOffsParams>) =>
  api.download('/stock/write-offs/export', { query: asQuery(params), fallbackName: `write-offs-${businessDate()}.xlsx` });
