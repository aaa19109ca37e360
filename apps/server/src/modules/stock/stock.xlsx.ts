import type { Batch, Language, WriteOff, listBatchesQuery, listWriteOffsQuery } from '@pharma/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { translate } from '../../platform/i18n.js';
import { assertExportable, maxExportRows, writeSheet, type SheetColumn } from '../../platform/xlsx.js';
import { allBatches, allWriteOffs } from './stock.service.js';

const col = <R>(lng: Language, key: string, kind: SheetColumn<R>['kind'], value: SheetColumn<R>['value'], width?: number): SheetColumn<R> => ({
  title: translate(lng, `stock:columns.${key}`),
  kind,
  value,
  width,
});

export async function exportBatches(db: Db, query: z.output<typeof listBatchesQuery>, now: Date, lng: Language): Promise<Buffer> {
  const { total, items } = await allBatches(db, query, now, maxExportRows);
  assertExportable(total);
  const columns: SheetColumn<Batch>[] = [
    col(lng, 'productName', 'text', (b) => b.productName, 40),
    col(lng, 'producerName', 'text', (b) => b.producerName),
    col(lng, 'country', 'text', (b) => translate(lng, `enums:country.${b.country}`), 16),
    col(lng, 'barcode', 'text', (b) => b.barcode, 16),
    col(lng, 'warehouseName', 'text', (b) => b.warehouseName),
    col(lng, 'series', 'text', (b) => b.series, 14),
    col(lng, 'serialNumber', 'text', (b) => b.serialNumber, 14),
    col(lng, 'expiryDate', 'date', (b) => b.expiryDate, 12),
    col(lng, 'daysToExpiry', 'int', (b) => b.daysToExpiry, 10),
    col(lng, 'state', 'text', (b) => translate(lng, `enums:stockState.${b.state}`), 16),
    col(lng, 'onHand', 'int', (b) => b.onHand, 10),
    col(lng, 'reserved', 'int', (b) => b.reserved, 10),
    col(lng, 'free', 'int', (b) => b.free, 10),
    col(lng, 'basePrice', 'money', (b) => b.basePrice),
    col(lng, 'vatPercent', 'percent', (b) => b.vatPercent, 8),
    col(lng, 'basePriceWithVat', 'money', (b) => b.basePriceWithVat),
    col(lng, 'markupPercent', 'percent', (b) => b.markupPercent, 8),
    col(lng, 'salePrice', 'money', (b) => b.salePrice),
  ];
  return writeSheet(translate(lng, 'stock:sheets.batches'), columns, items);
}

export async function exportWriteOffs(db: Db, query: z.output<typeof listWriteOffsQuery>, lng: Language): Promise<Buffer> {
  const { total, items } = await allWriteOffs(db, query, maxExportRows);
  assertExportable(total);
  const columns: SheetColumn<WriteOff>[] = [
    { title: translate(lng, 'stock:columns.date'), kind: 'text', value: (w) => w.createdAt.replace('T', ' ').replace('Z', ' UTC'), width: 20 },
    col(lng, 'productName', 'text', (w) => w.productName, 40),
    col(lng, 'producerName', 'text', (w) => w.producerName),
    col(lng, 'warehouseName', 'text', (w) => w.warehouseName),
    col(lng, 'series', 'text', (w) => w.series, 14),
    col(lng, 'expiryDate', 'date', (w) => w.expiryDate, 12),
    col(lng, 'quantity', 'int', (w) => w.quantity, 10),
    col(lng, 'sumBaseWithVat', 'money', (w) => w.sumBaseWithVat),
    { title: translate(lng, 'stock:columns.reason'), kind: 'text', value: (w) => translate(lng, `enums:writeOffReason.${w.reason}`), width: 20 },
    { title: translate(lng, 'stock:columns.comment'), kind: 'text', value: (w) => w.comment },
    { title: translate(lng, 'stock:columns.createdBy'), kind: 'text', value: (w) => w.createdByName },
  ];
  return writeSheet(translate(lng, 'stock:sheets.writeOffs'), columns, items);
}
