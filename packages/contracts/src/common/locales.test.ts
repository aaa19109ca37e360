import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  languages,
  errorCodes,
  validationKeys,
  unitsOfMeasure,
  medicationStatuses,
  countries,
  batchStatuses,
  stockStates,
  writeOffReasons,
  reservationStatuses,
  reservationDocumentTypes,
  reservationCloseReasons,
  clientTypes,
  statisticsPeriods,
  incomeImportColumns,
  visitStatuses,
  drugAttitudes,
  visitProofReasons,
} from '../index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
type Tree = { [k: string]: string | Tree };
const load = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(root, lng, `${ns}.json`), 'utf8')) as Tree;
const keys = (t: Tree, prefix = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
/** Plural keys (key_one, key_few …) count as one key: each language has the forms its plural rules need. */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKeys = (t: Tree) => [...new Set(keys(t).map((k) => k.replace(pluralSuffix, '')))].sort();

describe('message catalogues', () => {
  const namespaces = readdirSync(path.join(root, 'ru')).map((f) => f.replace(/\.json$/, ''));
  it('have the same keys in all four languages, none empty', () => {
    for (const ns of namespaces) {
      const reference = baseKeys(load('ru', ns));
      for (const lng of languages) {
        const tree = load(lng, ns);
        expect(baseKeys(tree), `${lng}/${ns}`).toEqual(reference);
        const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
        const plurals = new Set(
          keys(tree)
            .filter((k) => pluralSuffix.test(k))
            .map((k) => k.replace(pluralSuffix, '')),
        );
        for (const base of plurals) for (const form of needed) expect(keys(tree), `${lng}/${ns}: ${base}_${form}`).toContain(`${base}_${form}`);
      }
    }
  });
  it('name every error code, validation key and enum value', () => {
    for (const lng of languages) {
      const errors = load(lng, 'errors');
      for (const code of errorCodes) expect(errors[code], `${lng} errors:${code}`).toBeTruthy();
      const validation = load(lng, 'validation');
      for (const key of validationKeys) expect(validation[key], `${lng} validation:${key}`).toBeTruthy();
      const enums = load(lng, 'enums') as Record<string, Record<string, string>>;
      const lists: [string, readonly string[]][] = [
        ['unitOfMeasure', unitsOfMeasure],
        ['medicationStatus', medicationStatuses],
        ['country', countries],
        ['batchStatus', batchStatuses],
        ['stockState', stockStates],
        ['writeOffReason', writeOffReasons],
        ['reservationStatus', reservationStatuses],
        ['reservationDocumentType', reservationDocumentTypes],
        ['reservationCloseReason', reservationCloseReasons],
        ['clientType', clientTypes],
        ['statisticsPeriod', statisticsPeriods],
        ['visitStatus', visitStatuses],
        ['drugAttitude', drugAttitudes],
        ['visitProofReason', visitProofReasons],
      ];
      for (const [name, values] of lists) for (const v of values) expect(enums[name]?.[v], `${lng} enums:${name}.${v}`).toBeTruthy();
      const columns = (load(lng, 'stock') as Record<string, Record<string, string>>).columns!;
      for (const c of incomeImportColumns) expect(columns[c], `${lng} stock:columns.${c}`).toBeTruthy();
    }
  });
});
