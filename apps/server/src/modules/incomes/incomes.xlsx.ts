import {
  createIncomeBody,
  fieldIssues,
  incomeImportColumns,
  maxImportRows,
  parseMoney,
  sumToTiyin,
  type ImportIncomeBody,
  type IncomeDetail,
  type IncomeImportColumn,
  type IncomeProjectionRow,
  type Language,
  type allProjectionQuery,
  businessDate,
  hasPermission,
} from '@pharma/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { readSheet, sendListExport, writeSheet, type CellValue, type SheetColumn } from '../../platform/xlsx.js';
import { matchProducts } from '../catalog/catalog.service.js';
import { createIncome } from './incomes.service.js';
import { projectionForExport } from './income-projection.service.js';

const title = (lng: Language, key: string) => translate(lng, `stock:columns.${key}`);

/** Columns that are, or reveal, a base (purchase) price: only with stock.exportBasePrices (decision 035). */
const baseColumns = new Set(['basePrice', 'basePriceWithVat', 'markupPercent', 'sumBaseWithVat']);

/** GET /api/incomes/all-projection/export: the filtered projection, streamed. */
export async function exportProjection(reply: FastifyReply, db: Db, actor: Actor, query: z.output<typeof allProjectionQuery>, lng: Language, now = new Date()) {
  const c = (key: string, kind: SheetColumn<IncomeProjectionRow>['kind'], value: SheetColumn<IncomeProjectionRow>['value'], width?: number) => ({
    title: title(lng, key),
    kind,
    value,
    width,
    basePrice: baseColumns.has(key),
  });
  const columns: SheetColumn<IncomeProjectionRow>[] = [
    c('date', 'date', (r) => r.date, 12),
    c('incomeNumber', 'text', (r) => r.incomeNumber, 14),
    c('supplier', 'text', (r) => r.supplier),
    c('warehouseName', 'text', (r) => r.warehouseName),
    c('productName', 'text', (r) => r.productName, 40),
    c('producerName', 'text', (r) => r.producerName),
    c('country', 'text', (r) => translate(lng, `enums:country.${r.country}`), 16),
    c('barcode', 'text', (r) => r.barcode, 16),
    c('series', 'text', (r) => r.series, 14),
    c('serialNumber', 'text', (r) => r.serialNumber, 14),
    c('expiryDate', 'date', (r) => r.expiryDate, 12),
    c('quantity', 'int', (r) => r.quantity, 10),
    c('basePrice', 'money', (r) => r.basePrice),
    c('vatPercent', 'percent', (r) => r.vatPercent, 8),
    c('basePriceWithVat', 'money', (r) => r.basePriceWithVat),
    c('markupPercent', 'percent', (r) => r.markupPercent, 8),
    c('salePrice', 'money', (r) => r.salePrice),
    c('sumBaseWithVat', 'money', (r) => r.sumBaseWithVat, 18),
    c('sumSale', 'money', (r) => r.sumSale, 18),
    c('free', 'int', (r) => r.free, 10),
  ];
  return sendListExport(reply, {
    fileName: `incomes-${businessDate(now)}.xlsx`,
    sheetName: translate(lng, 'stock:sheets.incomes'),
    columns,
    basePrices: hasPermission(actor.grants, 'stock.exportBasePrices'),
    rows: await projectionForExport(db, query, now),
  });
}

/** The empty workbook an income is imported from: one header row in the user's language. */
export function importTemplate(lng: Language): Promise<Buffer> {
  const kinds: Record<IncomeImportColumn, SheetColumn<never>['kind']> = {
    barcode: 'text',
    productName: 'text',
    series: 'text',
    serialNumber: 'text',
    expiryDate: 'date',
    quantity: 'int',
    basePrice: 'money',
    vatPercent: 'percent',
    markupPercent: 'percent',
  };
  const columns = incomeImportColumns.map((key) => ({ title: title(lng, key), kind: kinds[key], value: () => null, width: key === 'productName' ? 40 : 16 }));
  return writeSheet(translate(lng, 'stock:sheets.income'), columns, []);
}

// ---------------------------------------------------------------- reading cells

const text = (v: CellValue) => (v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim());

function dateCell(v: CellValue): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  const s = text(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null;
}

function numberCell(v: CellValue): number | null {
  if (typeof v === 'number') return v;
  const s = text(v)
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  return s !== '' && Number.isFinite(Number(s)) ? Number(s) : null;
}

/** A price typed in sum (12 345,67) → tiyin; null when it is not an amount with at most two decimals. */
function moneyCell(v: CellValue): number | null {
  if (typeof v === 'number') {
    const tiyin = sumToTiyin(v);
    return Math.abs(v * 100 - tiyin) < 1e-6 && tiyin >= 0 ? tiyin : null;
  }
  return parseMoney(text(v));
}

/**
 * Imports an income from .xlsx: the header comes from the form, the lines from
 * the sheet (columns in the template's order). Every bad cell is reported as
 * `rows.<sheet row>.<column>` in the user's language, and then nothing is saved.
 */
export async function importIncome(db: Db, actor: Actor, input: ImportIncomeBody, now = new Date()): Promise<IncomeDetail> {
  const { rows } = await readSheet(input.file);
  if (rows.length === 0) throw new AppError('IMPORT_ROWS_INVALID', { fields: { file: 'required' } });
  if (rows.length > maxImportRows) throw new AppError('IMPORT_ROWS_INVALID', { fields: { file: 'tooBig' } });

  const fields: Record<string, string> = {};
  const bad = (rowNumber: number, column: IncomeImportColumn, key: string) => {
    fields[`rows.${rowNumber}.${column}`] ??= key;
  };
  const cellsOf = (cells: CellValue[]) => Object.fromEntries(incomeImportColumns.map((c, i) => [c, cells[i] ?? null])) as Record<IncomeImportColumn, CellValue>;
  const parsed = rows.map(({ rowNumber, cells }) => ({ rowNumber, cell: cellsOf(cells) }));
  const matcher = await matchProducts(db, {
    barcodes: parsed.map((r) => text(r.cell.barcode).replace(/\s/g, '')).filter(Boolean),
    names: parsed.map((r) => text(r.cell.productName)).filter(Boolean),
  });

  const lines = parsed.map(({ rowNumber, cell }) => {
    const code = text(cell.barcode).replace(/\s/g, '');
    const name = text(cell.productName);
    let productId: number | undefined;
    if (code) {
      productId = matcher.byBarcode(code);
      if (!productId) bad(rowNumber, 'barcode', 'productUnknown');
    } else if (name) {
      productId = matcher.byName(name);
      if (!productId) bad(rowNumber, 'productName', 'productUnknown');
    } else bad(rowNumber, 'productName', 'required');

    const expiryDate = dateCell(cell.expiryDate);
    if (!expiryDate) bad(rowNumber, 'expiryDate', text(cell.expiryDate) ? 'invalidDate' : 'required');
    const quantity = numberCell(cell.quantity);
    if (quantity === null) bad(rowNumber, 'quantity', text(cell.quantity) ? 'invalid' : 'required');
    const basePrice = moneyCell(cell.basePrice);
    if (basePrice === null) bad(rowNumber, 'basePrice', text(cell.basePrice) ? 'moneyFormat' : 'required');
    const vat = text(cell.vatPercent) ? numberCell(cell.vatPercent) : undefined;
    if (vat === null) bad(rowNumber, 'vatPercent', 'invalid');
    const markup = text(cell.markupPercent) ? numberCell(cell.markupPercent) : undefined;
    if (markup === null) bad(rowNumber, 'markupPercent', 'invalid');
    return {
      productId: productId ?? 0,
      series: text(cell.series),
      serialNumber: text(cell.serialNumber) || null,
      expiryDate: expiryDate ?? '',
      quantity: quantity ?? 0,
      basePrice: basePrice ?? 0,
      vatPercent: vat ?? null,
      markupPercent: markup ?? null,
    };
  });

  // then the same rules as a typed-in income, reported against the sheet's rows
  const { file: _file, ...header } = input;
  const checked = createIncomeBody.safeParse({ ...header, lines });
  if (!checked.success) {
    for (const issue of fieldIssues(checked.error)) {
      const m = /^lines\.(\d+)\.(\w+)$/.exec(issue.path);
      if (!m) continue;
      const column = (m[2] === 'productId' ? (text(parsed[Number(m[1])]!.cell.barcode) ? 'barcode' : 'productName') : m[2]) as IncomeImportColumn;
      // a cell already reported keeps its first message (a missing product is "unknown", not "invalid")
      if (m[2] === 'productId' && issue.key !== 'productTwice') continue;
      bad(parsed[Number(m[1])]!.rowNumber, column, issue.key);
    }
  }
  if (Object.keys(fields).length) throw new AppError('IMPORT_ROWS_INVALID', { fields });

  try {
    return await createIncome(db, actor, checked.data!, now);
  } catch (error) {
    // an inactive product is refused by createIncome: name its sheet row
    if (error instanceof AppError && error.options.fields) {
      const remapped: Record<string, string> = {};
      for (const [path, key] of Object.entries(error.options.fields)) {
        const m = /^lines\.(\d+)\.productId$/.exec(path);
        if (m) remapped[`rows.${parsed[Number(m[1])]!.rowNumber}.${text(parsed[Number(m[1])]!.cell.barcode) ? 'barcode' : 'productName'}`] = key;
        else remapped[path] = key;
      }
      throw new AppError(Object.keys(remapped).some((k) => k.startsWith('rows.')) ? 'IMPORT_ROWS_INVALID' : error.code, { fields: remapped });
    }
    throw error;
  }
}
