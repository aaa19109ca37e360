import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney, languages, defaultLanguage, type Language } from '@pharma/contracts';

/** Server-side messages: the namespaces shared with the web app (packages/contracts/locales). */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/contracts/locales');
const namespaces = [
  'errors',
  'validation',
  'enums',
  'stock',
  'specification',
  'logistics',
  'analytics',
  'orderHistory',
  'notifications',
  'telegram',
  'leads',
  'calls',
] as const;
type Tree = { [k: string]: string | Tree };

const catalogs = Object.fromEntries(
  languages.map((lng) => [
    lng,
    Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Tree])),
  ]),
) as Record<Language, Record<(typeof namespaces)[number], Tree>>;

function lookup(lng: Language, key: string): string | undefined {
  const [ns, rest] = key.includes(':') ? key.split(':', 2) : ['errors', key];
  let node: string | Tree | undefined = catalogs[lng][ns as (typeof namespaces)[number]];
  for (const part of rest!.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * t('ru', 'validation:tooShort', { min: 3 }); falls back to ru, then to the key. `{{owed, money}}` writes
 * a tiyin param as money in the language's convention (i18next's format syntax, as the web reads it).
 */
export function translate(lng: Language, key: string, params: Record<string, unknown> = {}): string {
  const text = lookup(lng, key) ?? lookup(defaultLanguage, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(money)\s*)?\}\}/g, (_, name: string, format?: string) =>
    format === 'money' && params[name] !== undefined ? formatMoney(Number(params[name]), { lng }) : String(params[name] ?? ''),
  );
}
