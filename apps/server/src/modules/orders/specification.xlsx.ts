import ExcelJS from 'exceljs';
import type { Language, OrderSpecification } from '@pharma/contracts';
import { formats } from '../../platform/xlsx.js';
import { specificationDocument } from './specification.document.js';

const bold = { bold: true };
const thin: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };

/**
 * The specification as one sheet: title, the supplier's, the buyer's and the order's details, the
 * positions, then the totals. Amounts are numbers in sum (tiyin / 100, format #,##0.00), so Excel
 * sums them; the sale total is a SUM over the positions (with its value cached for readers).
 */
export async function specificationXlsx(spec: OrderSpecification, lng: Language): Promise<Buffer> {
  const doc = specificationDocument(spec, lng);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  workbook.title = doc.title;
  const sheet = workbook.addWorksheet(doc.t('sheet').slice(0, 31), {
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const lastCol = doc.columns.length;
  sheet.columns = doc.columns.map((c) => ({ key: c.key, width: c.width }));

  const title = sheet.addRow([doc.title]);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(title.number, 1, title.number, lastCol);
  sheet.addRow([]);

  // the parties side by side would fight the column widths; one block under the other reads well
  for (const party of doc.parties) {
    const head = sheet.addRow([party.title]);
    head.font = bold;
    for (const [label, value] of party.lines) {
      const row = sheet.addRow([label, null, value]);
      row.getCell(1).font = { color: { argb: 'FF595959' } };
      sheet.mergeCells(row.number, 1, row.number, 2);
      sheet.mergeCells(row.number, 3, row.number, lastCol);
    }
    sheet.addRow([]);
  }
  const note = sheet.addRow([doc.t('currency')]);
  note.font = { italic: true };

  const header = sheet.addRow(doc.columns.map((c) => c.title));
  header.font = bold;
  header.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
  header.eachCell((cell) => {
    cell.border = thin;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } };
  });
  const first = header.number + 1;
  spec.order.positions.forEach((p, i) => {
    const row = sheet.addRow(
      doc.columns.map((c) => {
        const v = c.value(p, i);
        if (v === null) return null;
        if (c.kind === 'money') return Number(v) / 100;
        if (c.kind === 'date') return new Date(`${v}T00:00:00Z`);
        return v;
      }),
    );
    doc.columns.forEach((c, k) => {
      const cell = row.getCell(k + 1);
      cell.border = thin;
      const fmt = formats[c.kind];
      if (fmt) cell.numFmt = fmt;
      if (c.kind === 'text') cell.alignment = { wrapText: true, vertical: 'top' };
    });
  });
  const last = first + spec.order.positions.length - 1;

  const letter = (key: string) => sheet.getColumn(key).letter;
  const sumCol = doc.columns.findIndex((c) => c.key === 'sumSale') + 1;
  const labelCol = doc.columns.findIndex((c) => c.key === 'basePriceWithVat') + 1;
  // totals: the quantity and sale sums as formulas over the positions, the rest as values
  const totalRows = doc.totals.map((total) => {
    const row = sheet.addRow([]);
    row.getCell(labelCol).value = total.label;
    row.getCell(labelCol).font = bold;
    row.getCell(labelCol).alignment = { horizontal: 'right' };
    sheet.mergeCells(row.number, labelCol, row.number, sumCol - 1);
    const cell = row.getCell(sumCol);
    const value = total.value / 100;
    const range = (key: string) => `${letter(key)}${first}:${letter(key)}${last}`;
    if (spec.order.positions.length > 0 && total.key === 'sumSale') cell.value = { formula: `SUM(${range('sumSale')})`, result: value };
    else if (spec.order.positions.length > 0 && total.key === 'sumBaseWithVat')
      cell.value = { formula: `ROUND(SUMPRODUCT(${range('quantity')},${range('basePriceWithVat')}),2)`, result: value };
    else cell.value = value;
    cell.numFmt = formats.money!;
    cell.font = bold;
    cell.border = thin;
    return row;
  });
  const quantityCell = totalRows[0]!.getCell(doc.columns.findIndex((c) => c.key === 'quantity') + 1);
  quantityCell.value =
    spec.order.positions.length > 0 ? { formula: `SUM(${letter('quantity')}${first}:${letter('quantity')}${last})`, result: spec.totals.quantity } : 0;
  quantityCell.numFmt = formats.int!;
  quantityCell.font = bold;

  sheet.addRow([]);
  sheet.addRow([]);
  const signatures = sheet.addRow([]);
  signatures.getCell(2).value = `${doc.t('signatures.distributor')}: ____________________`;
  signatures.getCell(labelCol).value = `${doc.t('signatures.client')}: ____________________`;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
