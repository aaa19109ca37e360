import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';

export const xlsxMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Largest list exported in one file; narrower filters beyond that (EXPORT_TOO_LARGE). */
export const maxExportRows = 100_000;

export type CellKind = 'text' | 'int' | 'money' | 'percent' | 'date';
export interface SheetColumn<R> {
  title: string;
  kind: CellKind;
  value: (row: R) => string | number | null | undefined;
  width?: number;
}

/** Excel number formats of each kind of cell. */
export const formats: Record<CellKind, string | undefined> = {
  text: undefined,
  int: '#,##0',
  money: '#,##0.00',
  percent: '0.00',
  date: 'yyyy-mm-dd',
};

/** One sheet with a bold, frozen header row. Money comes in tiyin and is written in sum. */
export async function writeSheet<R>(sheetName: string, columns: SheetColumn<R>[], rows: Iterable<R>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.title, width: c.width ?? (c.kind === 'text' ? 28 : 16), style: formats[c.kind] ? { numFmt: formats[c.kind] } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return null;
        if (c.kind === 'money') return Number(v) / 100;
        if (c.kind === 'date') return new Date(`${v}T00:00:00Z`);
        return v;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function sendXlsx(reply: FastifyReply, fileName: string, buffer: Buffer) {
  return reply
    .header('content-type', xlsxMime)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(buffer);
}

export function assertExportable(total: number) {
  if (total > maxExportRows) throw new AppError('EXPORT_TOO_LARGE', { params: { total, max: maxExportRows } });
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
