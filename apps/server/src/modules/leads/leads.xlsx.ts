import {
  createLeadBody,
  fieldIssues,
  languages,
  leadImportColumns,
  leadSources,
  maxLeadImportRows,
  organizationTypes,
  type Language,
  type LeadImportColumn,
  type LocalizedText,
} from '@pharma/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { readSheet, writeSheet, type CellValue } from '../../platform/xlsx.js';
import { districts, regions } from '../regions/regions.table.js';
import { createLeads } from './lead-writes.service.js';

const title = (lng: Language, column: LeadImportColumn) => translate(lng, `leads:columns.${column}`);

/** The empty workbook leads are imported from: one header row in the user's language. */
export function leadImportTemplate(lng: Language): Promise<Buffer> {
  const columns = leadImportColumns.map((c) => ({
    title: title(lng, c),
    kind: 'text' as const,
    value: () => null,
    width: c === 'name' || c === 'address' ? 36 : 20,
  }));
  return writeSheet(translate(lng, 'leads:sheets.leads'), columns, []);
}

const fold = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');
const text = (v: CellValue) => (v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim());

/** A value written as its code or as its name in any of the four languages. */
function lookup<T extends string>(values: readonly T[], nameOf: (lng: Language, v: T) => string) {
  const map = new Map<string, T>();
  for (const v of values) {
    map.set(fold(v), v);
    for (const lng of languages) map.set(fold(nameOf(lng, v)), v);
  }
  return (cell: string) => map.get(fold(cell));
}

const namesOf = (name: LocalizedText) => languages.map((l) => fold(name[l]));

/**
 * Creates leads from .xlsx (columns in the template's order; phones separated by commas; type, source,
 * region and district by name in any language). Every bad cell is reported as `rows.<sheet row>.<column>`
 * in the user's language, and then nothing is saved.
 */
export async function importLeads(db: Db, actor: Actor, file: string): Promise<{ created: number }> {
  const { rows } = await readSheet(file);
  if (rows.length === 0) throw new AppError('IMPORT_ROWS_INVALID', { fields: { file: 'required' } });
  if (rows.length > maxLeadImportRows) throw new AppError('IMPORT_ROWS_INVALID', { fields: { file: 'tooBig' } });
  const typeOf = lookup(organizationTypes, (lng, v) => translate(lng, `enums:organizationType.${v}`));
  const sourceOf = lookup(leadSources, (lng, v) => translate(lng, `enums:leadSource.${v}`));
  const [regionRows, districtRows] = await Promise.all([
    db.select({ id: regions.id, name: regions.name }).from(regions),
    db.select({ id: districts.id, regionId: districts.regionId, name: districts.name }).from(districts),
  ]);

  const fields: Record<string, string> = {};
  const bodies: z.output<typeof createLeadBody>[] = [];
  for (const { rowNumber, cells } of rows) {
    const cell = Object.fromEntries(leadImportColumns.map((c, i) => [c, text(cells[i] ?? null)])) as Record<LeadImportColumn, string>;
    const bad = (column: LeadImportColumn, key: string) => (fields[`rows.${rowNumber}.${column}`] ??= key);
    const region = regionRows.find((r) => namesOf(r.name).includes(fold(cell.region)));
    if (!region) bad('region', cell.region ? 'invalidOption' : 'required');
    const district = districtRows.find((d) => d.regionId === region?.id && namesOf(d.name).includes(fold(cell.district)));
    if (region && !district) bad('district', cell.district ? 'districtNotInRegion' : 'required');
    const type = cell.type ? typeOf(cell.type) : 'pharmacy';
    if (!type) bad('type', 'invalidOption');
    const source = sourceOf(cell.source);
    if (!source) bad('source', cell.source ? 'invalidOption' : 'required');
    const parsed = createLeadBody.safeParse({
      name: cell.name,
      type: type ?? 'pharmacy',
      contactPerson: cell.contactPerson,
      phones: cell.phones
        ? cell.phones
            .split(/[,;]/)
            .map((p) => p.trim())
            .filter(Boolean)
        : [],
      regionId: region?.id ?? 1,
      districtId: district?.id ?? 1,
      address: cell.address,
      inn: cell.inn,
      source: source ?? 'call',
      notes: cell.notes,
    });
    if (parsed.success) bodies.push(parsed.data);
    else
      for (const issue of fieldIssues(parsed.error)) {
        const column = issue.path.split('.')[0] as LeadImportColumn;
        if ((leadImportColumns as readonly string[]).includes(column)) bad(column, issue.key);
      }
  }
  if (Object.keys(fields).length) throw new AppError('IMPORT_ROWS_INVALID', { fields });
  return { created: await createLeads(db, actor, bodies) };
}
