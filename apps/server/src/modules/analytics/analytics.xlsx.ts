import ExcelJS from 'exceljs';
import {
  analyticsMeasures,
  measureKeys,
  type AnalyticsBreakdown,
  type Language,
  type MeasureKey,
  type MonthlySales,
  type Period,
  type UncoveredOrganization,
} from '@pharma/contracts';
import { formats } from '../../platform/xlsx.js';
import { translate } from '../../platform/i18n.js';

/*
 * Reports as .xlsx (issue 15): the title, the period and the filters on top, then the table; numbers are
 * numbers (money in sum), and a total that is a sum is a SUM formula carrying its result.
 */

export interface SheetHeading {
  title: string;
  /** "Region: Samarqand viloyati" … as the screen names them */
  filters: string[];
}

const moneyOf = (tiyin: number) => tiyin / 100;
const columnLetter = (index: number) => {
  let s = '';
  for (let i = index; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

function valueOf(key: MeasureKey, value: number | null): number | null {
  if (value === null) return null;
  const unit = analyticsMeasures[key].unit;
  if (unit === 'money') return moneyOf(value);
  if (unit === 'share') return Math.round(value * 10000) / 100;
  if (unit === 'number' || unit === 'minutes') return Math.round(value * 100) / 100;
  return value;
}
const formatOf = (key: MeasureKey) =>
  ({ money: formats.money, count: formats.int, share: '0.00', number: '0.00', minutes: '0.0' })[analyticsMeasures[key].unit];
const additive = (key: MeasureKey) => ['count', 'money'].includes(analyticsMeasures[key].unit);

function heading(sheet: ExcelJS.Worksheet, lng: Language, h: SheetHeading, period: { from: string; to: string }) {
  sheet.addRow([h.title]).font = { bold: true, size: 14 };
  sheet.addRow([translate(lng, 'analytics:sheet.period'), `${period.from} — ${period.to}`]);
  sheet.addRow([translate(lng, 'analytics:sheet.filters'), h.filters.length ? h.filters.join('; ') : translate(lng, 'analytics:sheet.noFilters')]);
  sheet.addRow([]);
}

/** A breakdown (a report): a row per region / branch / employee …, every measure, and the total. */
export async function breakdownXlsx(
  b: AnalyticsBreakdown,
  h: SheetHeading,
  lng: Language,
  rowName: (row: AnalyticsBreakdown['rows'][number]) => string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(h.title.slice(0, 31));
  heading(sheet, lng, h, b.period);
  const header = sheet.addRow([translate(lng, `analytics:dimensions.${b.by}`), ...measureKeys.map((k) => translate(lng, `analytics:measures.${k}`))]);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  const first = header.number + 1;
  for (const row of b.rows) sheet.addRow([rowName(row), ...measureKeys.map((k) => valueOf(k, row.figures[k]))]);
  const last = first + b.rows.length - 1;
  const total = sheet.addRow([
    translate(lng, 'analytics:sheet.total'),
    ...measureKeys.map((k, i) => {
      const result = valueOf(k, b.total[k]);
      if (!additive(k) || b.rows.length === 0) return result;
      const col = columnLetter(i + 2);
      return { formula: `SUM(${col}${first}:${col}${last})`, result: result ?? 0 };
    }),
  ]);
  total.font = { bold: true };
  sheet.getColumn(1).width = 32;
  measureKeys.forEach((k, i) => {
    const column = sheet.getColumn(i + 2);
    column.width = 16;
    column.numFmt = formatOf(k) ?? '';
  });
  sheet.views = [{ state: 'frozen', ySplit: header.number, xSplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Monthly sales: a row per product (category, producer), quantity and sum per month, totals. */
export async function monthlySalesXlsx(
  s: MonthlySales,
  h: SheetHeading,
  lng: Language,
  period: { from: string; to: string },
  rowName: (row: MonthlySales['rows'][number]) => string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(h.title.slice(0, 31));
  heading(sheet, lng, h, period);
  const qty = translate(lng, 'analytics:sheet.quantity');
  const sum = translate(lng, 'analytics:sheet.sum');
  const header = sheet.addRow([
    translate(lng, `analytics:dimensions.${s.by}`),
    ...s.months.flatMap((m) => [`${m.slice(0, 7)} ${qty}`, `${m.slice(0, 7)} ${sum}`]),
    qty,
    sum,
    translate(lng, 'analytics:sheet.plan'),
    translate(lng, 'analytics:sheet.lastYearSum'),
  ]);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  const first = header.number + 1;
  for (const row of s.rows)
    sheet.addRow([
      rowName(row),
      ...s.months.flatMap((m) => [row.months[m]?.quantity ?? 0, moneyOf(row.months[m]?.sum ?? 0)]),
      row.quantity,
      moneyOf(row.sum),
      row.plan,
      moneyOf(row.previousSum),
    ]);
  const last = first + s.rows.length - 1;
  const columns = s.months.length * 2 + 4;
  const totals: (number | null)[] = [
    ...s.months.flatMap((m) => [
      s.rows.reduce((t, r) => t + (r.months[m]?.quantity ?? 0), 0),
      moneyOf(s.rows.reduce((t, r) => t + (r.months[m]?.sum ?? 0), 0)),
    ]),
    s.total.quantity,
    moneyOf(s.total.sum),
    s.total.plan,
    moneyOf(s.total.previousSum),
  ];
  const total = sheet.addRow([
    translate(lng, 'analytics:sheet.total'),
    ...totals.map((result, i) => {
      if (s.rows.length === 0 || result === null) return result;
      const col = columnLetter(i + 2);
      return { formula: `SUM(${col}${first}:${col}${last})`, result };
    }),
  ]);
  total.font = { bold: true };
  sheet.getColumn(1).width = 40;
  for (let i = 2; i <= columns + 1; i++) {
    const column = sheet.getColumn(i);
    column.width = 14;
    const isSum = i <= s.months.length * 2 + 1 ? i % 2 === 1 : i === s.months.length * 2 + 3 || i === columns + 1;
    column.numFmt = isSum ? (formats.money ?? '') : (formats.int ?? '');
  }
  sheet.views = [{ state: 'frozen', ySplit: header.number, xSplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The organizations not covered in a period (the coverage map's list): name, type, district, address, phone. */
export async function uncoveredXlsx(rows: UncoveredOrganization[], h: SheetHeading, lng: Language, period: Period): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(h.title.slice(0, 31));
  heading(sheet, lng, h, period);
  const columns = ['name', 'type', 'district', 'address', 'phone'] as const;
  const header = sheet.addRow(columns.map((c) => translate(lng, `analytics:coverage.columns.${c}`)));
  header.font = { bold: true };
  for (const r of rows) sheet.addRow([r.name, translate(lng, `enums:organizationType.${r.type}`), r.district ?? '', r.address, r.phone]);
  [40, 18, 24, 48, 18].forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
