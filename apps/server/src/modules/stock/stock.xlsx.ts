import { businessDate, hasPermission, type Batch, type Language, type WriteOff, type listBatchesQuery, type listWriteOffsQuery } from '@pharma/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { translate } from '../../platform/i18n.js';
import { sendListExport, type SheetColumn } from '../../platform/xlsx.js';
import { batchesForExport } from './stock.service.js';
import { writeOffsForExport } from './write-offs.service.js';

/** Columns that are, or reveal, a base (purchase) price: only with stock.exportBasePrices (decision 035). */
const baseColumns = new Set(['basePrice', 'basePriceWithVat', 'markupPercent', 'sumBaseWithVat']);
const col = <R>(lng: Language, key: string, kind: SheetColumn<R>['kind'], value: SheetColumn<R>['value'], width?: number): SheetColumn<R> => ({
  title: translate(lng, `stock:columns.${key}`),
  kind,
  value,
  width,
  basePrice: baseColumns.has(key),
});

/** GET /api/stock/batches/export: the filtered batches, streamed. */
export async function exportBatches(reply: FastifyReply, db: Db, actor: Actor, query: z.output<typeof listBatchesQuery>, now: Date, lng: Language) {
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
  return sendListExport(reply, {
    fileName: `stock-${businessDate(now)}.xlsx`,
    sheetName: translate(lng, 'stock:sheets.batches'),
    columns,
    basePrices: hasPermission(actor.grants, 'stock.exportBasePrices'),
    rows: await batchesForExport(db, query, now),
  });
}

/** GET /api/stock/write-offs/export: the filtered write-offs, streamed. */
export async function exportWriteOffs(reply: FastifyReply, db: Db, actor: Actor, query: z.output<typeof listWriteOffsQuery>, lng: Language) {
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
  return sendListExport(reply, {
    fileName: `write-offs-${businessDate()}.xlsx`,
    sheetName: translate(lng, 'stock:sheets.writeOffs'),
    columns,
    basePrices: hasPermission(actor.grants, 'stock.exportBasePrices'),
    rows: writeOffsForExport(db, query),
  });
}
