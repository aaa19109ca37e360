import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';

export const xlsxMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellKind = 'text' | 'int' | 'money' | 'percent' | 'date';
export interface SheetColumn<R> {
  title: string;
  kind: CellKind;
  value: (row: R) => string | number | null | undefined;
  width?: number;
  /** a base (purchase) price or what reveals it: only for the right stock.exportBasePrices (decision 035) */
  basePrice?: boolean;
}

/** Excel number formats of each kind of cell. */
export const formats: Record<CellKind, string | undefined> = {
  text: undefined,
  int: '#,##0',
  money: '#,##0.00',
  percent: '0.00',
  date: 'yyyy-mm-dd',
};

const cellOf = <R>(c: SheetColumn<R>, row: R) => {
  const v = c.value(row);
  if (v === null || v === undefined) return null;
  if (c.kind === 'money') return Number(v) / 100;
  if (c.kind === 'date') return new Date(`${v}T00:00:00Z`);
  return v;
};
const columnOf = <R>(c: SheetColumn<R>) => ({
  header: c.title,
  width: c.width ?? (c.kind === 'text' ? 28 : 16),
  style: formats[c.kind] ? { numFmt: formats[c.kind] } : {},
});

/** One sheet with a bold, frozen header row, built in memory (small files: a template). Money comes in tiyin and is written in sum. */
export async function writeSheet<R>(sheetName: string, columns: SheetColumn<R>[], rows: Iterable<R>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(columnOf);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => cellOf(c, row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- list exports (decision 035)

/** The rows of a list export: how many the filters give, then one page at a time in the list's order. */
export interface ExportRows<R> {
  count(): Promise<number>;
  page(offset: number, limit: number): Promise<R[]>;
}
export interface ListExport<R> {
  fileName: string;
  sheetName: string;
  columns: SheetColumn<R>[];
  /** whether the requester has stock.exportBasePrices; otherwise base-price columns are left out */
  basePrices: boolean;
  rows: ExportRows<R>;
  /**
   * lines written above the table — the filters the list was exported with ("Period: …", "Status: …"),
   * each a label and its value; a blank line then separates them from the column titles
   */
  preface?: [label: string, value: string][];
}

/** Rows read from the database per query while an export is written. */
export const exportPageRows = 500;
/** Exports being prepared, per running server (its config object). */
const running = new WeakMap<object, number>();
/** Seconds a client is asked to wait when every export slot is taken. */
export const exportRetryAfterSeconds = 30;

/**
 * Streams a list as one .xlsx sheet into the reply: at most EXPORT_MAX_CONCURRENT at once (else
 * 503 EXPORT_BUSY with Retry-After), at most EXPORT_MAX_ROWS rows (else 422 EXPORT_TOO_LARGE, before
 * anything is written), rows read page by page and written as they come (ExcelJS's streaming writer),
 * so neither the rows nor the workbook are ever whole in memory and other requests go on between pages.
 */
export async function sendListExport<R>(reply: FastifyReply, list: ListExport<R>): Promise<FastifyReply> {
  const { config } = reply.server;
  const busy = running.get(config) ?? 0;
  if (busy >= config.EXPORT_MAX_CONCURRENT) throw new AppError('EXPORT_BUSY', { headers: { 'retry-after': String(exportRetryAfterSeconds) } });
  running.set(config, busy + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    running.set(config, (running.get(config) ?? 1) - 1);
  };
  let total: number;
  try {
    total = await list.rows.count();
    if (total > config.EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_LARGE', { params: { total, max: config.EXPORT_MAX_ROWS } });
  } catch (error) {
    release();
    throw error;
  }
  const columns = list.columns.filter((c) => list.basePrices || !c.basePrice);
  const stream = new PassThrough();
  void writeSheetTo(stream, list.sheetName, columns, list.rows, Math.min(total, config.EXPORT_MAX_ROWS), list.preface ?? [])
    .catch((error: unknown) => {
      reply.log.error({ err: error }, 'export failed while streaming');
      stream.destroy(error as Error);
    })
    .finally(release);
  return reply
    .header('content-type', xlsxMime)
    .header('content-disposition', `attachment; filename="${list.fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

async function writeSheetTo<R>(
  stream: PassThrough,
  sheetName: string,
  columns: SheetColumn<R>[],
  rows: ExportRows<R>,
  max: number,
  preface: [label: string, value: string][],
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  // the column titles' row: the first, or below the preface and a blank line
  const titleRow = preface.length ? preface.length + 2 : 1;
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: titleRow }] });
  if (preface.length) {
    sheet.columns = columns.map((c) => {
      const { header: _header, ...rest } = columnOf(c);
      return rest;
    });
    for (const [label, value] of preface) {
      const row = sheet.addRow([label, value]);
      row.getCell(1).font = { bold: true };
      row.commit();
    }
    sheet.addRow([]).commit();
    const titles = sheet.addRow(columns.map((c) => c.title));
    titles.font = { bold: true };
    titles.commit();
  } else {
    sheet.columns = columns.map(columnOf);
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
  }
  for (let offset = 0; offset < max; offset += exportPageRows) {
    const page = await rows.page(offset, Math.min(exportPageRows, max - offset));
    for (const row of page) sheet.addRow(columns.map((c) => cellOf(c, row))).commit();
    if (page.length < exportPageRows) break;
    await yieldToOthers();
  }
  sheet.commit();
  await workbook.commit();
}

export function sendXlsx(reply: FastifyReply, fileName: string, buffer: Buffer) {
  return reply
    .header('content-type', xlsxMime)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(buffer);
}

export type CellValue = string | number | Date | null;

/** The first sheet's rows below the header, as plain values, with their sheet row numbers. */
export async function readSheet(base64: string): Promise<{ header: string[]; rows: { rowNumber: number; cells: CellValue[] }[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw new AppError('FILE_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('FILE_UNREADABLE');
  const header: string[] = [];
  const rows: { rowNumber: number; cells: CellValue[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: CellValue[] = [];
    for (let i = 1; i <= sheet.columnCount; i++) cells.push(plain(row.getCell(i).value));
    if (rowNumber === 1) header.push(...cells.map((c) => String(c ?? '')));
    else if (cells.some((c) => c !== null && String(c).trim() !== '')) rows.push({ rowNumber, cells });
  });
  return { header, rows };
}

function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return plain(value.result as ExcelJS.CellValue); // formula
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text); // hyperlink
  }
  return String(value);
}
