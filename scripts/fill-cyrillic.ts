/**
 * Fills every key missing from a uz-Cyrl locale file with the Cyrillic spelling
 * of its uz-Latn text (keys already present are left as a translator wrote them).
 * Usage: npx tsx scripts/fill-cyrillic.ts
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { latinToCyrillic } from '../packages/contracts/src/common/translit.js';

const roots = ['packages/contracts/locales', 'apps/web/src/locales'];
// kept as written: placeholders, tags, abbreviations, formats, units
const keep = /(\{\{[^}]+\}\}|<\/?\d+>|\b[A-Z]{2,}\b|yyyy-MM-dd|\+998|\b(?:kg|km)\b|#[0-9a-f]{6})/g;

function toCyrillic(text: string): string {
  return text
    .split(keep)
    .map((part, i) => (i % 2 === 1 ? part : latinToCyrillic(part)))
    .join('');
}

type Tree = { [k: string]: string | Tree };
function fill(latin: Tree, cyrillic: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(latin)) {
    const existing = cyrillic[key];
    if (typeof value === 'string') out[key] = typeof existing === 'string' ? existing : toCyrillic(value);
    else out[key] = fill(value, typeof existing === 'object' ? existing : {});
  }
  return out;
}

for (const root of roots) {
  const latnDir = path.join(root, 'uz-Latn');
  if (!existsSync(latnDir)) continue;
  for (const file of readdirSync(latnDir).filter((f) => f.endsWith('.json'))) {
    const target = path.join(root, 'uz-Cyrl', file);
    const latin = JSON.parse(readFileSync(path.join(latnDir, file), 'utf8')) as Tree;
    const cyrillic = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as Tree) : {};
    writeFileSync(target, `${JSON.stringify(fill(latin, cyrillic), null, 2)}\n`);
  }
}
