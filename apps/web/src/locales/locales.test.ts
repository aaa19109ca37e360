import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every key present in any language must exist in all four, with a non-empty text and the same
 * {{placeholders}} — for the web app's namespaces and for the shared ones of packages/contracts.
 * Plural keys (key_one, key_few …) count as one key; each language must have the plural forms it needs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const roots = { web: here, contracts: path.resolve(here, '../../../../packages/contracts/locales') };
const languages = ['ru', 'en', 'uz-Latn', 'uz-Cyrl'] as const;
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

function namespacesOf(root: string): string[] {
  const names = new Set<string>();
  for (const lng of languages) {
    const dir = path.join(root, lng);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) if (file.endsWith('.json')) names.add(file.replace(/\.json$/, ''));
  }
  return [...names].sort();
}

function load(root: string, lng: string, ns: string): Map<string, string> | null {
  const file = path.join(root, lng, `${ns}.json`);
  if (!existsSync(file)) return null;
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

for (const [origin, root] of Object.entries(roots)) {
  describe(`${origin} locales`, () => {
    const namespaces = namespacesOf(root);

    it('has namespaces', () => {
      expect(namespaces.length).toBeGreaterThan(0);
    });

    for (const ns of namespaces) {
      describe(ns, () => {
        const byLanguage = Object.fromEntries(languages.map((lng) => [lng, load(root, lng, ns)]));

        it('exists in every language', () => {
          const missing = languages.filter((lng) => byLanguage[lng] === null);
          expect(missing, `${ns}.json missing for`).toEqual([]);
        });

        it('has every key in every language', () => {
          const baseKeys = (keys: Map<string, string> | null | undefined) => new Set([...(keys?.keys() ?? [])].map((k) => k.replace(pluralSuffix, '')));
          const all = new Set(languages.flatMap((lng) => [...baseKeys(byLanguage[lng])]));
          const problems: string[] = [];
          for (const lng of languages) {
            const own = baseKeys(byLanguage[lng]);
            for (const key of all) if (!own.has(key)) problems.push(`${lng}: ${ns}:${key} is missing`);
          }
          expect(problems).toEqual([]);
        });

        it('has the plural forms each language needs', () => {
          const problems: string[] = [];
          for (const lng of languages) {
            const keys = [...(byLanguage[lng]?.keys() ?? [])];
            const plurals = new Set(keys.filter((k) => pluralSuffix.test(k)).map((k) => k.replace(pluralSuffix, '')));
            const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
            for (const base of plurals) {
              for (const category of needed) if (!keys.includes(`${base}_${category}`)) problems.push(`${lng}: ${ns}:${base}_${category} is missing`);
            }
          }
          expect(problems).toEqual([]);
        });

        it('has no empty text', () => {
          const empty: string[] = [];
          for (const lng of languages) {
            for (const [key, value] of byLanguage[lng] ?? []) if (value.trim() === '') empty.push(`${lng}: ${ns}:${key}`);
          }
          expect(empty).toEqual([]);
        });

        it('writes VAT in Uzbek Cyrillic as ҚҚС, never the Latin QQS', () => {
          const latin = [...(byLanguage['uz-Cyrl'] ?? [])].filter(([, text]) => /QQS/i.test(text)).map(([key]) => `uz-Cyrl: ${ns}:${key}`);
          expect(latin).toEqual([]);
        });

        it('uses the same placeholders in every language', () => {
          const problems: string[] = [];
          const reference = byLanguage.en ?? byLanguage.ru;
          for (const [key, text] of reference ?? []) {
            const base = key.replace(pluralSuffix, '');
            for (const lng of languages) {
              const own = byLanguage[lng];
              const counterpart = own?.get(key) ?? own?.get(`${base}_other`);
              if (counterpart !== undefined && placeholders(counterpart) !== placeholders(text)) {
                problems.push(`${lng}: ${ns}:${key} has {{${placeholders(counterpart)}}}, expected {{${placeholders(text)}}}`);
              }
            }
          }
          expect(problems).toEqual([]);
        });
      });
    }
  });
}
